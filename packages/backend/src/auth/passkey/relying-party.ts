/**
 * The relying party of the passkeys (ADR 098): its ID is the host name of the portal's one origin (APP_URL; on
 * AWS the stage's domain, infra sets APP_URL to it), so a passkey made on the portal works on every brand host
 * below that domain and nowhere else. The accepted origins are APP_URL's own and, when the request came to a
 * brand host below the RP ID, that host's (same scheme): an assertion made for any other origin is refused.
 */
export function relyingParty(appUrl: string, host?: string): { rpID: string; origins: string[] } {
  const site = new URL(appUrl);
  const rpID = site.hostname;
  const origins = [site.origin];
  const hostName = host?.split(':')[0]?.toLowerCase();
  if (host && hostName && hostName.endsWith(`.${rpID}`) && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) {
    origins.push(`${site.protocol}//${host.toLowerCase()}`);
  }
  return { rpID, origins };
}

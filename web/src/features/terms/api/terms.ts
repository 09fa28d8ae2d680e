import { type Portal, TermsAcceptance, type TermsLanguage, TermsOfUse } from '@portal/core/shared';
import useSWR from 'swr';
import { refreshSession } from '../../../lib/auth.ts';
import { routeSection, SECTION_READ } from '../../../lib/resource-client.ts';

/**
 * The terms of use of the host's brand (ADR 086) on the typed client (ADR 057): the current version in the
 * screen's language, and the acceptance, after which the session status is read again (it no longer names a
 * version to accept, so the screen the user was going to opens).
 */
const sections = { ordering: routeSection('ordering', ['terms']), connect: routeSection('connect', ['terms']) } as const;

export function useTermsOfUse(portal: Portal, language: TermsLanguage) {
  const { client, read, key } = sections[portal];
  const at = client().terms;
  const args = { query: { language } };
  return useSWR(key('terms', 'get', `${at.$path()}?language=${language}`), () => read(at.$get(args), TermsOfUse), SECTION_READ);
}

export async function acceptTermsOfUse(portal: Portal, version: number): Promise<void> {
  const { client, write } = sections[portal];
  await write(client().terms.acceptance.$post({ json: { version } }), TermsAcceptance);
  await refreshSession(portal);
}

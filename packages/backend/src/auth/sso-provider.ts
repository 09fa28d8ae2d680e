import { SSO } from '@portal/core/auth';
import type * as Oidc from './openid.ts';
import { type Config, isLoopbackUrl, ssoConfigured } from '../config.ts';
import { AppError } from '../errors.ts';
import { lazy } from '../platform/lazy.ts';
import type { RequestMeta } from './auth-service.ts';

/** Discovery and token requests give up well before API Gateway's 30 s. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** openid-client (with oauth4webapi) is loaded by the first SSO request, not at the API's cold start (ADR 038). */
export const openidClient = lazy(() => import('./openid.ts'));

/** The identity provider of single sign-on (ADR 009): whether one is set up, its discovered configuration. */
export function ssoProvider(config: Pick<Config, 'SSO_ISSUER' | 'SSO_CLIENT_ID' | 'SSO_CLIENT_SECRET'>) {
  let discovered: Promise<Oidc.Configuration> | undefined;

  function requireConfigured() {
    if (!ssoConfigured(config)) {
      throw new AppError('not_found', SSO.NOT_CONFIGURED, 'Single sign-on is not available here.');
    }
  }

  /** The provider's configuration, discovered once per process (again after a failed attempt). */
  function provider(): Promise<Oidc.Configuration> {
    requireConfigured();
    if (!discovered) {
      const issuer = new URL(config.SSO_ISSUER!);
      // Plain http only for the local stand-in on loopback; config already refuses http elsewhere.
      const insecure = issuer.protocol === 'http:' && isLoopbackUrl(issuer);
      const attempt = openidClient().then((oidc) =>
        oidc.discovery(issuer, config.SSO_CLIENT_ID!, config.SSO_CLIENT_SECRET!, undefined, {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        }),
      );
      discovered = attempt;
      attempt.catch(() => {
        if (discovered === attempt) discovered = undefined;
      });
    }
    return discovered;
  }

  return { requireConfigured, provider };
}

export function checkPortal(app: string, meta: RequestMeta) {
  if (app !== meta.portal) {
    throw new AppError('input', SSO.PORTAL_MISMATCH, 'app must name the portal of this request', {
      issues: [{ path: 'app', message: `must be ${meta.portal}` }],
    });
  }
}

/** The redirect URI for a callback path of this site; anything pointing elsewhere is refused. */
export function redirectUriFor(site: URL, callback: string): string {
  const invalid = () =>
    new AppError('input', SSO.CALLBACK_INVALID, 'The callback must be a path of this site', {
      issues: [{ path: 'callback', message: 'must be a path of this site, like /sso-callback' }],
    });
  // A path: one leading slash (not '//host'), no backslashes, spaces or control characters.
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~/%]*$/.test(callback)) throw invalid();
  const url = new URL(callback, site);
  if (url.origin !== site.origin || url.search || url.hash) throw invalid();
  return url.href;
}

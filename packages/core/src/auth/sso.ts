import * as z from '../shared/zod.ts';
import { PORTALS } from '../shared/contracts.ts';

/**
 * Single sign-on wire contracts (SPEC 7 `auth/sso`, ADR 009). The web asks GET auth/sso for the
 * provider's authorization URL and sends the browser there; the provider redirects back to the callback
 * page, which posts the code and state to POST auth/sso and receives a login result like POST auth/signin.
 */
const SSO_PROVIDERS = ['Microsoft'] as const;

/** The callback pages registered as redirect URIs with the provider, one per portal. */
export const SSO_CALLBACK_PATHS = { ordering: '/sso-callback', connect: '/connect/sso-callback' } as const;

/** GET auth/sso query. `callback` is a path of this site (e.g. `/sso-callback`), never another origin. */
export const SsoStartQuery = z.object({
  provider: z.enum(SSO_PROVIDERS),
  app: z.enum(PORTALS),
  callback: z.string().check(z.minLength(1, 'Value is required'), z.maxLength(300)),
});
export type SsoStartQuery = z.infer<typeof SsoStartQuery>;

/** GET auth/sso answer: where to send the browser. */
export const SsoStartResult = z.object({ url: z.string().check(z.url()) });
export type SsoStartResult = z.infer<typeof SsoStartResult>;

/**
 * POST auth/sso body: the callback page's query parameters. `iss` is forwarded when the provider sent one
 * (RFC 9207; the local stand-in does, Entra ID does not). Answer: LoginResult and the session cookie.
 */
export const SsoCompleteInput = z.object({
  app: z.enum(PORTALS),
  code: z.string().check(z.minLength(1, 'Value is required'), z.maxLength(4096)),
  state: z.string().check(z.minLength(1, 'Value is required'), z.maxLength(512)),
  iss: z.optional(z.string().check(z.url(), z.maxLength(500))),
});
export type SsoCompleteInput = z.infer<typeof SsoCompleteInput>;

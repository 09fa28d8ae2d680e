import { type SsoCompleteInput, type SsoStartQuery, type SsoStartResult, LOGIN, SSO } from '@portal/core/auth';
import type * as Oidc from './openid.ts';
import { getAccount } from '../accounts/index.ts';
import { type Config } from '../config.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../errors.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import type { AuditLog, SignInAccount, SignInOutcome } from './audit-log.ts';
import type { AuthService, RequestMeta } from './auth-service.ts';
import { getIdentityLink } from './identity-link-entity.ts';
import { hashState, putSsoTransaction, takeSsoTransaction } from './sso-transaction-entity.ts';
import { checkPortal, openidClient, redirectUriFor, ssoProvider } from './sso-provider.ts';

/** How long a user may take at the provider before the callback; the transaction is single-use anyway. */
export const SSO_TRANSACTION_MINUTES = 10;
/** Single sign-on calls one client address may make per minute (each writes or deletes an item). */
const SSO_PER_IP = { name: 'sso-ip', windowSeconds: 60 } as const;

/** Errors that mean "this callback does not complete a sign-in" rather than "our setup is broken". */
const REJECTED_RESPONSE_CODES = new Set([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED', // iss, aud, azp or nonce of the ID token
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED', // exp, iat
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_INVALID_RESPONSE', // e.g. no ID token, wrong iss parameter
]);
const isRejection = (oidc: typeof Oidc, error: unknown) =>
  (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') ||
  error instanceof oidc.AuthorizationResponseError ||
  (error instanceof oidc.ClientError && REJECTED_RESPONSE_CODES.has(error.code ?? ''));

/**
 * Single sign-on with Microsoft Entra ID (ADR 009): OpenID Connect authorization code flow with PKCE,
 * state and nonce, through openid-client. The account is found only through an identity link
 * (issuer + subject); the same account checks as a password sign-in apply, then `issueSession`.
 * Tokens and codes are never stored or logged; only the pending transaction (verifier, nonce) is.
 */
export function createSsoService(deps: {
  db: Db;
  config: Pick<Config, 'APP_URL' | 'SSO_ISSUER' | 'SSO_CLIENT_ID' | 'SSO_CLIENT_SECRET' | 'SIGNINS_PER_IP_PER_MINUTE'>;
  issueSession: AuthService['issueSession'];
  audit: AuditLog;
  rateLimiter: RateLimiter;
  now: () => Date;
}) {
  const { db, config, now } = deps;
  const site = new URL(config.APP_URL);
  const { requireConfigured, provider } = ssoProvider(config);

  // With the account the link found, the attempt also goes to its customer's audit log (ADR 114, ADR 122):
  // a success, a locked account, a wrong portal. An unlinked identity names no account, so no customer.
  const record = (meta: RequestMeta, username: string, outcome: SignInOutcome, account?: SignInAccount) =>
    deps.audit.record(
      {
        at: now().toISOString(),
        username,
        ip: meta.ip,
        portal: meta.portal,
        outcome,
        method: 'sso',
      },
      account ?? null,
    );

  const limit = (meta: RequestMeta) =>
    deps.rateLimiter.hit({ ...SSO_PER_IP, limit: config.SIGNINS_PER_IP_PER_MINUTE }, meta.ip ?? 'unknown');

  return {
    /** GET auth/sso: starts a sign-in and answers the provider's authorization URL. */
    async start(input: SsoStartQuery, meta: RequestMeta): Promise<SsoStartResult> {
      requireConfigured();
      checkPortal(input.app, meta);
      const redirectUri = redirectUriFor(site, input.callback);
      await limit(meta);
      const [client, oidc] = await Promise.all([provider(), openidClient()]);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const at = now();
      await putSsoTransaction(db, {
        stateHash: hashState(state),
        codeVerifier,
        nonce,
        portal: meta.portal,
        redirectUri,
        createdAt: at.toISOString(),
        expiresAtIso: new Date(at.getTime() + SSO_TRANSACTION_MINUTES * 60_000).toISOString(),
      });
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: redirectUri,
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href };
    },

    /** POST auth/sso: finishes the code flow and signs in the linked account. */
    async complete(input: SsoCompleteInput, meta: RequestMeta) {
      requireConfigured();
      checkPortal(input.app, meta);
      await limit(meta);
      // Taken (deleted) before anything else: a state works once, whatever happens next.
      const tx = await takeSsoTransaction(db, hashState(input.state));
      if (!tx || tx.portal !== meta.portal || Date.parse(tx.expiresAtIso) <= now().getTime()) {
        throw new AppError('auth', SSO.STATE_INVALID, 'This sign-in link has expired or was already used. Please sign in again.');
      }
      const [client, oidc] = await Promise.all([provider(), openidClient()]);
      const callbackUrl = new URL(tx.redirectUri);
      callbackUrl.searchParams.set('code', input.code);
      callbackUrl.searchParams.set('state', input.state);
      if (input.iss) callbackUrl.searchParams.set('iss', input.iss);

      let claims: Oidc.IDToken | undefined;
      try {
        // Checks the ID token's iss, aud, azp, exp, iat and nonce; sends the PKCE verifier.
        const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
          pkceCodeVerifier: tx.codeVerifier,
          expectedState: input.state,
          expectedNonce: tx.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        if (!isRejection(oidc, error)) throw error;
      }
      if (!claims?.sub) {
        throw new AppError('auth', SSO.FAILED, 'Single sign-on failed. Please try again.');
      }

      // Only the link decides; the e-mail or name in the token never selects an account.
      const link = await getIdentityLink(db, claims.iss, claims.sub);
      const account = link ? await getAccount(db, link.username) : null;
      if (!account) {
        // Audited under the subject, so an administrator can find the identity to link.
        await record(meta, `sso:${claims.sub}`, 'sso_not_linked');
        throw new AppError(
          'auth',
          SSO.NOT_LINKED,
          'This Microsoft account is not linked to a portal account. Ask your administrator to link it.',
        );
      }
      if (account.status === 'locked') {
        await record(meta, account.username, 'account_locked', account);
        throw new AppError('auth', LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked');
      }
      if (!account.portals.includes(meta.portal)) {
        await record(meta, account.username, 'wrong_url', account);
        throw new AppError('auth', LOGIN.FORM.ERROR.WRONG_URL, 'wrong url');
      }
      // No second factor here: the provider enforces its own MFA (ADR 009).
      await record(meta, account.username, 'sso_success', account);
      return deps.issueSession(account, meta, 'sso');
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;

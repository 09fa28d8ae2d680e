import { generateAuthenticationOptions, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { LOGIN } from '@portal/core/auth';
import type { Portal } from '@portal/core/shared';
import { getAccount, type StoredAccount } from '../../accounts/index.ts';
import { isAddressAllowed } from '../../platform/security/ip-allowlist.ts';
import { AppError } from '../../errors.ts';
import { SIGNIN_PER_IP, type RequestMeta } from '../auth-service.ts';
import { deleteAttempt, getAttempt } from '../mfa/mfa-attempt-entity.ts';
import { sha256 } from '../mfa/mfa-shared.ts';
import { CHALLENGE_VALID_MS, passkeyCeremony, type PasskeyDeps } from './passkey-ceremony.ts';
import { getCredential, listCredentials } from './passkey-entity.ts';
import { relyingParty } from './relying-party.ts';

const PASSKEY_OPTIONS_PER_IP = { name: 'passkey-options-ip', windowSeconds: 60 } as const;
/** The discoverable passkey sign-in (ADR 098): options naming no account, then the assertion. */
export function passkeySignIn(deps: PasskeyDeps) {
  const { db, now } = deps;
  const { newChallenge, expected, assert, notVerified } = passkeyCeremony(deps);
  const optionsBudget = (ip: string | undefined) =>
    deps.rateLimiter.hit({ ...PASSKEY_OPTIONS_PER_IP, limit: 2 * deps.signInsPerIpPerMinute }, ip ?? 'unknown');
  const expired = () => new AppError('auth', LOGIN.FORM.ERROR.MFA_EXPIRED, 'Your sign-in has expired. Please enter your password again.');
  /** The pending second step (ADR 012) of this account or portal, by its cookie's token; else the sign-in starts again. */
  const pendingAttempt = async (attemptToken: string | undefined, check: (attempt: { username: string; portal: Portal }) => boolean) => {
    const tokenHash = attemptToken ? sha256(attemptToken) : '';
    const attempt = tokenHash ? await getAttempt(db, tokenHash) : null;
    if (!attempt || Date.parse(attempt.validUntil) <= now().getTime() || !check(attempt)) throw expired();
    return { ...attempt, tokenHash };
  };
  return {
    /**
     * POST auth/passkeys/signin/options: a discoverable sign-in names no account (no username to type). Anyone
     * may ask, and each answer stores a challenge: a per-address budget of its own (twice the sign-ins', as a
     * sign-in asks once and may give up) keeps a script from filling the table (ADR 098).
     */
    async signInOptions(portal: Portal, ip: string | undefined) {
      await optionsBudget(ip);
      const { rpID } = relyingParty(deps.appUrl);
      return generateAuthenticationOptions({
        rpID,
        challenge: await newChallenge('signin', portal),
        userVerification: 'required',
        timeout: CHALLENGE_VALID_MS,
      });
    },

    /**
     * POST auth/passkeys/signin: a verified assertion signs in as strong authentication (ADR 098). The same
     * per-address budget as the password sign-in applies; an account locked by an operator, the wrong portal
     * or an address outside the allowlist is refused as for a password. A password lockout (ADR 010) does not
     * stop a passkey: it guards against guessing, which a signature is not open to.
     */
    async signIn(response: AuthenticationResponseJSON, meta: RequestMeta, host: string | undefined) {
      await deps.rateLimiter.hit({ ...SIGNIN_PER_IP, limit: deps.signInsPerIpPerMinute }, meta.ip ?? 'unknown');
      const expectations = await expected(response.response.clientDataJSON, 'signin', meta.portal, host);
      const credential = await getCredential(db, response.id);
      const account = credential ? await getAccount(db, credential.username) : null;
      const refuse = async (
        outcome: 'passkey_refused' | 'account_locked' | 'wrong_url' | 'invalid_ip',
        error: AppError,
      ): Promise<never> => {
        if (account)
          await deps.audit.record(
            {
              at: now().toISOString(),
              username: account.username,
              ip: meta.ip,
              portal: meta.portal,
              outcome,
              method: 'passkey',
            },
            account,
          );
        throw error;
      };
      if (!credential || !account) return refuse('passkey_refused', notVerified());
      if (!(await assert(response, credential, expectations))) return refuse('passkey_refused', notVerified());
      if (account.status === 'locked')
        return refuse('account_locked', new AppError('auth', LOGIN.FORM.ERROR.ACCOUNT_LOCKED, 'account locked'));
      if (!account.portals.includes(meta.portal)) return refuse('wrong_url', new AppError('auth', LOGIN.FORM.ERROR.WRONG_URL, 'wrong url'));
      if (!isAddressAllowed(meta.ip, account.ipAllowlist ?? [])) {
        return refuse('invalid_ip', new AppError('auth', LOGIN.FORM.ERROR.INVALID_IP, 'invalid ip'));
      }
      await deps.audit.record(
        {
          at: now().toISOString(),
          username: account.username,
          ip: meta.ip,
          portal: meta.portal,
          outcome: 'success',
          method: 'passkey',
        },
        account,
      );
      return deps.issueSession(account, meta, 'passkey');
    },

    /**
     * POST auth/passkeys/mfa/options: the passkey as the second factor of a password sign-in (ADR 112). Only
     * the pending attempt's account's own credentials are allowed, and the challenge is bound to that attempt.
     * The same per-address budget as the discoverable options: each answer stores a challenge.
     */
    async secondFactorOptions(attemptToken: string | undefined, portal: Portal, ip: string | undefined) {
      await optionsBudget(ip);
      const attempt = await pendingAttempt(attemptToken, (a) => a.portal === portal);
      const credentials = await listCredentials(db, attempt.username);
      if (credentials.length === 0) throw notVerified();
      const { rpID } = relyingParty(deps.appUrl);
      return generateAuthenticationOptions({
        rpID,
        challenge: await newChallenge('mfa', portal, { username: attempt.username, attempt: attempt.tokenHash }),
        allowCredentials: credentials.map((c) => ({ id: c.credentialId, ...(c.transports ? { transports: c.transports } : {}) })),
        userVerification: 'required',
        timeout: CHALLENGE_VALID_MS,
      });
    },

    /**
     * The second factor's check inside the password sign-in (auth-service `signIn`, ADR 112): true once, when the
     * assertion answers this attempt's challenge with one of the account's own credentials; the attempt then
     * ends as after a right code. False counts as a wrong code there; an expired attempt or challenge throws.
     */
    async verifySecondFactor(
      account: StoredAccount,
      attemptToken: string | undefined,
      response: AuthenticationResponseJSON,
      host?: string,
    ) {
      const attempt = await pendingAttempt(attemptToken, (a) => a.username === account.username);
      const binding = { username: account.username, attempt: attempt.tokenHash };
      const expectations = await expected(response.response.clientDataJSON, 'mfa', attempt.portal, host, binding);
      const credential = await getCredential(db, response.id);
      if (!credential || credential.username !== account.username) return false;
      return (await assert(response, credential, expectations)) && (await deleteAttempt(db, attempt.tokenHash));
    },
  };
}

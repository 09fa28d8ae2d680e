import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { LOGIN } from '@portal/core/auth';
import type { Portal } from '@portal/core/shared';
import { getAccount } from '../../accounts/index.ts';
import { isAddressAllowed } from '../../platform/security/ip-allowlist.ts';
import { AppError } from '../../errors.ts';
import { SIGNIN_PER_IP, type RequestMeta } from '../auth-service.ts';
import { CHALLENGE_VALID_MS, passkeyCeremony, type PasskeyDeps } from './passkey-ceremony.ts';
import { getCredential, recordCredentialUse } from './passkey-entity.ts';
import { relyingParty } from './relying-party.ts';

const PASSKEY_OPTIONS_PER_IP = { name: 'passkey-options-ip', windowSeconds: 60 } as const;

/** The discoverable passkey sign-in (ADR 098): options naming no account, then the assertion. */
export function passkeySignIn(deps: PasskeyDeps) {
  const { db, now } = deps;
  const { newChallenge, take, notVerified } = passkeyCeremony(deps);
  return {
    /**
     * POST auth/passkeys/signin/options: a discoverable sign-in names no account (no username to type). Anyone
     * may ask, and each answer stores a challenge: a per-address budget of its own (twice the sign-ins', as a
     * sign-in asks once and may give up) keeps a script from filling the table (ADR 098).
     */
    async signInOptions(portal: Portal, ip: string | undefined) {
      await deps.rateLimiter.hit({ ...PASSKEY_OPTIONS_PER_IP, limit: 2 * deps.signInsPerIpPerMinute }, ip ?? 'unknown');
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
      const expectedChallenge = await take(response.response.clientDataJSON, 'signin', meta.portal);
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
      const { rpID, origins } = relyingParty(deps.appUrl, host);
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origins,
        expectedRPID: rpID,
        credential: {
          id: credential.credentialId,
          publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
          counter: credential.counter,
          ...(credential.transports ? { transports: credential.transports } : {}),
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) return refuse('passkey_refused', notVerified());
      // Conditional on the counter read above: a clone racing the original cannot both pass.
      if (!(await recordCredentialUse(db, credential, verification.authenticationInfo.newCounter, now()))) {
        return refuse('passkey_refused', notVerified());
      }
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

    /** GET auth/passkeys: an object, like every answer of the API (a bare array is no JSON the gates or clients expect). */
  };
}

import { auditOwnChange } from '../middleware/audit-event.ts';
import { CurrentPasswordSchema } from '@portal/core/auth';
import { Hono } from 'hono';
import * as z from '@portal/core/zod';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { signedInOf } from '../middleware/session.ts';
import { mfaAttemptToken, requestMeta, setSignedInCookies } from '../middleware/session-cookie.ts';
import { validate, validateOnFirstUse } from '../middleware/validate.ts';

/** The passkey contracts load with the first passkey request (validateOnFirstUse, ADR 038). */
const contracts = () => import('@portal/core/auth/passkey');

/** Adding or removing a passkey asks for the password again, unless the session signed in minutes ago (ADR 055). */
const Reauth = z.partial(CurrentPasswordSchema);
const CredentialParam = z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,1364}$/, 'Value is not valid')) });

const route = routePolicy('ordering', 'connect');
/** My Account's passkeys: open while a step is pending too, since a passkey is one way to set up a second factor (ADR 098). */
const own = route({ auth: 'signedIn', pendingStep: true, scope: 'ownAccount' });

/**
 * Passkeys (WebAuthn, ADR 098). Registration and sign-in are two calls each: options (a single-use challenge
 * with a short TTL), then the authenticator's answer. A passkey sign-in answers like POST auth/signin and sets
 * the session cookie; its session counts as strong authentication.
 */
export const passkeyRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .get('/', own, async (c) => c.json(await c.get('backend').passkeys.list(signedInOf(c).account.username)))
  .post('/registration/options', own, validate('json', Reauth), async (c) => {
    const { account, session } = signedInOf(c);
    const options = await c
      .get('backend')
      .passkeys.registrationOptions(account.username, c.get('portal'), c.req.valid('json').currentPassword, session);
    return c.json(options);
  })
  .post(
    '/registration',
    own,
    validateOnFirstUse('json', async () => (await contracts()).PasskeyRegistrationInput),
    async (c) => {
      const { account } = signedInOf(c);
      const { response, name } = c.req.valid('json');
      const added = await c.get('backend').passkeys.register(account.username, c.get('portal'), c.req.header('Host'), response, name);
      await auditOwnChange(c, 'passkey.added', { name });
      return c.json(added);
    },
  )
  .patch(
    '/:id',
    own,
    validate('param', CredentialParam),
    validateOnFirstUse('json', async () => (await contracts()).PasskeyRenameInput),
    async (c) => {
      const { account } = signedInOf(c);
      return c.json(await c.get('backend').passkeys.rename(account.username, c.req.valid('param').id, c.req.valid('json').name));
    },
  )
  .post('/:id/remove', own, validate('param', CredentialParam), validate('json', Reauth), async (c) => {
    const { account, session } = signedInOf(c);
    const removed = await c
      .get('backend')
      .passkeys.remove(account.username, c.req.valid('param').id, c.req.valid('json').currentPassword, session);
    await auditOwnChange(c, 'passkey.removed');
    return c.json(removed);
  })
  .post('/signin/options', route({ auth: 'anonymous', scope: 'none' }), async (c) =>
    c.json(await c.get('backend').passkeys.signInOptions(c.get('portal'), requestMeta(c).ip)),
  )
  .post(
    '/signin',
    route({ auth: 'anonymous', scope: 'token' }),
    validateOnFirstUse('json', async () => (await contracts()).PasskeySignInInput),
    async (c) => {
      const backend = c.get('backend');
      // A new session on every sign-in: a token planted before never becomes authenticated.
      await backend.auth.logout(c.get('sessionToken'));
      const { result, session } = await backend.passkeys.signIn(c.req.valid('json').response, requestMeta(c), c.req.header('Host'));
      setSignedInCookies(c, session);
      return c.json(result);
    },
  )
  // The passkey as the second factor of a password sign-in (ADR 112): options for the pending attempt in the
  // HttpOnly cookie (the account's own credentials only), then the sign-in with the assertion instead of a code.
  .post('/mfa/options', route({ auth: 'anonymous', scope: 'token' }), async (c) =>
    c.json(await c.get('backend').passkeys.secondFactorOptions(mfaAttemptToken(c), c.get('portal'), requestMeta(c).ip)),
  )
  .post(
    '/mfa',
    route({ auth: 'anonymous', scope: 'token' }),
    validateOnFirstUse('json', async () => (await contracts()).PasskeySecondFactorInput),
    async (c) => {
      const backend = c.get('backend');
      await backend.auth.logout(c.get('sessionToken'));
      const { username, password, response } = c.req.valid('json');
      const attemptToken = mfaAttemptToken(c);
      const host = c.req.header('Host');
      const { result, session } = await backend.auth.signIn({ username, password }, requestMeta(c), attemptToken, (account) =>
        backend.passkeys.verifySecondFactor(account, attemptToken, response, host),
      );
      if (session) setSignedInCookies(c, session);
      return c.json(result);
    },
  );

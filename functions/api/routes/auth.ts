import {
  ChangePasswordFormSchema,
  ForgotPasswordFormSchema,
  ResetPasswordFormSchema,
  ResetTokenCheckSchema,
  SignInInput,
} from '@portal/core/auth';
import { Hono } from 'hono';
import * as z from '@portal/core/zod';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { signedInOf, requireAccount } from '../middleware/session.ts';
import { clearSessionCookie, mfaAttemptToken, requestMeta, setMfaAttemptCookie, setSignedInCookies } from '../middleware/session-cookie.ts';
import { validate } from '../middleware/validate.ts';

const ChangePasswordInput = z.intersection(ChangePasswordFormSchema, z.object({ endOtherSessions: z.optional(z.boolean()) }));

const route = routePolicy('ordering', 'connect');
const open = route({ auth: 'anonymous', scope: 'none' });

export const authRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .post('/signin', open, validate('json', SignInInput), async (c) => {
    const backend = c.get('backend');
    // A new session on every sign-in: a token planted before login never becomes authenticated.
    await backend.auth.logout(c.get('sessionToken'));
    const { result, session, mfaAttempt } = await backend.auth.signIn(c.req.valid('json'), requestMeta(c), mfaAttemptToken(c));
    if (mfaAttempt) setMfaAttemptCookie(c, mfaAttempt);
    if (session) setSignedInCookies(c, session);
    return c.json(result);
  })
  .get('/status', open, async (c) => {
    const backend = c.get('backend');
    const account = c.get('account');
    const status = await backend.auth.status(account, c.get('session'));
    // The terms screen's cue (ADR 086): the same rule as the route policy's gate.
    const host = c.req.header('Host');
    const asked = status.loggedIn && account && (await backend.brands.requiresTerms(host));
    const pending = asked ? await backend.terms.pendingVersion(host, account.username) : null;
    return c.json(pending === null ? status : { ...status, termsOfUsePending: pending });
  })
  .get('/logout', open, async (c) => {
    await c.get('backend').auth.logout(c.get('sessionToken'));
    clearSessionCookie(c);
    return c.json({ success: true });
  })
  .put(
    '/change-password',
    route({ auth: 'signedIn', pendingStep: true, scope: 'ownAccount' }),
    requireAccount({ allowPendingStep: true }),
    validate('json', ChangePasswordInput),
    async (c) => {
      const { account, session } = signedInOf(c);
      return c.json(await c.get('backend').passwords.change(account.username, session.tokenHash, c.req.valid('json')));
    },
  )
  .post('/forgot-password', open, validate('json', ForgotPasswordFormSchema), async (c) =>
    c.json(await c.get('backend').passwords.requestReset(c.req.valid('json').username, c.get('clientIp'))),
  )
  .post('/reset-password/check', route({ auth: 'anonymous', scope: 'token' }), validate('json', ResetTokenCheckSchema), async (c) =>
    c.json(await c.get('backend').passwords.checkResetToken(c.req.valid('json').token, c.get('clientIp'))),
  )
  .post('/reset-password', route({ auth: 'anonymous', scope: 'token' }), validate('json', ResetPasswordFormSchema), async (c) =>
    c.json(await c.get('backend').passwords.reset(c.req.valid('json'))),
  );

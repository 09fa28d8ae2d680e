import { auditOwnChange } from '../middleware/audit-event.ts';
import { CurrentPasswordSchema } from '@portal/core/auth';
import { type Context, Hono } from 'hono';
import * as z from '@portal/core/zod';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';
import { signedInOf, requireAccount } from '../middleware/session.ts';
import { clearSessionCookie, mfaAttemptToken } from '../middleware/session-cookie.ts';
import { validate } from '../middleware/validate.ts';

/**
 * Every change of the factor asks for the current password again, unless the session signed in a few
 * minutes ago (ADR 055): the password is optional here and the service decides.
 */
const Reauth = z.partial(CurrentPasswordSchema);
const CodeInput = z.extend(Reauth, { secretCode: z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')) });

/**
 * Setting up and managing MFA from My Account (ADR 012). Activating a method ends every session of the
 * account: the user logs in again with the new factor (SPEC 2 multi-factor set-up page). A new secret,
 * e-mail set-up, activation and new recovery codes each need the current password (ADR 017; ADR 055 for a recent sign-in), so a
 * new secret is made by POST secret-code/new, whose answer is the only one that ever shows it (as text and
 * as a QR code): no GET reads a pending secret back (ADR 052).
 */
/**
 * The activation of a factor by its first code (ADR 012): audited, then every session of the account ends,
 * this one's cookie too: the user signs in again with it (SPEC 2).
 */
const activation = (method: 'app' | 'email') => async (c: Context<AppEnv, string, { out: { json: z.infer<typeof CodeInput> } }>) => {
  const { account, session } = signedInOf(c);
  const { secretCode, currentPassword } = c.req.valid('json');
  const activate = method === 'app' ? 'activateApp' : 'activateEmail';
  const result = await c.get('backend').mfa[activate](account.username, secretCode, currentPassword, session);
  await auditOwnChange(c, 'mfa.enabled', { method });
  await c.get('backend').sessions.revokeAll(account.username);
  clearSessionCookie(c);
  return c.json(result);
};

const route = routePolicy('ordering', 'connect');
const own = route({ auth: 'signedIn', pendingStep: true, scope: 'ownAccount' });

export const mfaRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .use(requireAccount({ allowPendingStep: true }))
  .post('/secret-code/new', own, validate('json', Reauth), async (c) => {
    c.header('Cache-Control', 'no-store');
    const { account, session } = signedInOf(c);
    return c.json(await c.get('backend').mfa.newAppSecret(account.username, c.req.valid('json').currentPassword, session));
  })
  .post('/secret-code', own, validate('json', CodeInput), activation('app'))
  .post('/mfa/email', own, validate('json', Reauth), async (c) => {
    const { account, session } = signedInOf(c);
    return c.json(await c.get('backend').mfa.startEmailSetup(account.username, c.req.valid('json').currentPassword, session));
  })
  .post('/mfa/email/confirm', own, validate('json', CodeInput), activation('email'))
  .post('/recovery-codes', own, validate('json', Reauth), async (c) => {
    const { account, session } = signedInOf(c);
    return c.json(await c.get('backend').mfa.regenerateRecoveryCodes(account.username, c.req.valid('json').currentPassword, session));
  });

/** GET /send-otp-code (SPEC 7): e-mails a sign-in code for the pending second step. Public by nature. */
export const otpRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .get('/', route({ auth: 'anonymous', scope: 'token' }), async (c) =>
    c.json(await c.get('backend').mfa.sendEmailCode(mfaAttemptToken(c))),
  );

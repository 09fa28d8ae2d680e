import { isPortal } from '@portal/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { actorOf, requireAccount } from '../middleware/session.ts';
import { clearSessionCookie, mfaAttemptToken } from '../middleware/session-cookie.ts';
import { validate } from '../middleware/validate.ts';

const CodeInput = z.object({ secretCode: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });
const QrQuery = z.object({
  app: z.string().refine(isPortal, 'Unknown portal'),
  height: z.coerce.number().int().min(100).max(600).default(200),
});

/**
 * Setting up and managing MFA from My Account (ADR 012). Activating a method ends every session of the
 * account: the user logs in again with the new factor (SPEC 2 multi-factor set-up page).
 */
export const mfaRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .use(requireAccount({ allowPendingStep: true }))
  .get('/secret-code', validate('query', QrQuery), async (c) => {
    const png = await c.get('backend').mfa.setupAppQr(actorOf(c).account.username, c.req.valid('query').height);
    c.header('Cache-Control', 'no-store');
    return c.body(png as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/png' });
  })
  .get('/secret-code/key', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('backend').mfa.pendingAppKey(actorOf(c).account.username));
  })
  .post('/secret-code', validate('json', CodeInput), async (c) => {
    const backend = c.get('backend');
    const { account } = actorOf(c);
    const result = await backend.mfa.activateApp(account.username, c.req.valid('json').secretCode);
    await backend.sessions.revokeAll(account.username);
    clearSessionCookie(c);
    return c.json(result);
  })
  .post('/mfa/email', async (c) => c.json(await c.get('backend').mfa.startEmailSetup(actorOf(c).account.username)))
  .post('/mfa/email/confirm', validate('json', CodeInput), async (c) => {
    const backend = c.get('backend');
    const { account } = actorOf(c);
    const result = await backend.mfa.activateEmail(account.username, c.req.valid('json').secretCode);
    await backend.sessions.revokeAll(account.username);
    clearSessionCookie(c);
    return c.json(result);
  })
  .post('/recovery-codes', async (c) =>
    c.json(await c.get('backend').mfa.regenerateRecoveryCodes(actorOf(c).account.username)),
  );

/** GET /send-otp-code (SPEC 7): e-mails a sign-in code for the pending second step. Public by nature. */
export const otpRoutes = new Hono<AppEnv>().use(portals('ordering', 'connect')).get('/', async (c) =>
  c.json(await c.get('backend').mfa.sendEmailCode(mfaAttemptToken(c))),
);

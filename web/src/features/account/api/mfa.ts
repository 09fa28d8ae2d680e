import type { Portal } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { MFA, type MfaMethod } from '@portal/core/auth';

/**
 * Setting up and managing multi-factor authentication from My Account (ADR 012). The set-up calls
 * report failures as snack alerts (the default), except where the page shows them next to the field.
 * Every change of the factor or the recovery codes carries the current password (ADR 017): the page
 * asks for it once per set-up (password-prompt.tsx) and keeps it in memory until the set-up ends. Right
 * after a sign-in it is left out (undefined): the server counts the sign-in instead (ADR 055).
 */
const reauth = (currentPassword: string | undefined) => (currentPassword ? { currentPassword } : {});

export const QR_HEIGHT = 200;

/** The pending secret as text, for typing it into the app. */
export const AppKey = z.object({ secret: z.string(), issuer: z.string(), account: z.string() });
export type AppKey = z.infer<typeof AppKey>;

const NewAppSecret = z.extend(AppKey, { qr: z.string().check(z.startsWith('data:image/png;base64,')) });

/**
 * POST auth/secret-code/new {currentPassword}: a NEW pending secret (each call replaces the last) with its
 * QR code as a PNG data URL. This answer is the only one that shows it (ADR 052): a reload asks for a new
 * one. A refused password is the caller's to show (no snack).
 */
export async function newAppSecret(portal: Portal, currentPassword: string | undefined): Promise<{ key: AppKey; qr: string }> {
  const options = { portal, notify: false };
  const { qr, ...key } = await readJson(
    await api(options).auth['secret-code'].new.$post({ json: reauth(currentPassword) }),
    NewAppSecret,
    options,
  );
  return { key, qr };
}

const Activated = z.object({ success: z.literal(true), recoveryCodes: z.array(z.string()).check(z.minLength(1)) });

/** POST auth/secret-code {secretCode, currentPassword}: activates the app; every session ends. */
export async function activateApp(portal: Portal, secretCode: string, currentPassword: string | undefined): Promise<string[]> {
  const options = { portal, notify: false };
  const res = await api(options).auth['secret-code'].$post({ json: { secretCode, ...reauth(currentPassword) } });
  return (await readJson(res, Activated, options)).recoveryCodes;
}

/**
 * POST auth/mfa/email {currentPassword}: mails a confirmation code to the account's address. With
 * `notify: false` a refusal is the caller's to show (the password prompt).
 */
export async function startEmailMfa(portal: Portal, currentPassword: string | undefined, notify = true): Promise<void> {
  const options = { portal, notify };
  const res = await api(options).auth.mfa.email.$post({ json: reauth(currentPassword) });
  await readJson(res, z.object({ message: z.string() }), options);
}

/** POST auth/mfa/email/confirm {secretCode, currentPassword}: activates e-mail codes; every session ends. */
export async function confirmEmailMfa(portal: Portal, secretCode: string, currentPassword: string | undefined): Promise<string[]> {
  const options = { portal, notify: false };
  const res = await api(options).auth.mfa.email.confirm.$post({ json: { secretCode, ...reauth(currentPassword) } });
  return (await readJson(res, Activated, options)).recoveryCodes;
}

/** POST auth/recovery-codes {currentPassword}: ten new codes; the old ones stop working. The session stays. */
export async function regenerateRecoveryCodes(portal: Portal, currentPassword: string | undefined): Promise<string[]> {
  const options = { portal, notify: false };
  const res = await api(options).auth['recovery-codes'].$post({ json: reauth(currentPassword) });
  return (await readJson(res, z.object({ recoveryCodes: z.array(z.string()).check(z.minLength(1)) }), options)).recoveryCodes;
}

/** The secret in groups of four for typing ('JBSW Y3DP EHPK 3PXP'). */
export function groupKey(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * A recovery code shown in two halves for reading ('12345 67890'); copied and downloaded without the gap,
 * because the secret-code field takes digits only.
 */
export function codeHalves(code: string): [string, string] {
  const middle = Math.ceil(code.length / 2);
  return [code.slice(0, middle), code.slice(middle)];
}

/** The text file a user downloads: a heading, who and when, one code per line. */
export function recoveryCodesText(
  codes: readonly string[],
  about: { heading: string; account: string; created: string; note: string },
): string {
  return [about.heading, about.account, about.created, '', ...codes, '', about.note, ''].join('\n');
}

export const recoveryCodesFileName = (username: string) => `recovery-codes-${username.replace(/[^A-Za-z0-9._-]+/g, '_')}.txt`;

/** A set-up code: exactly 6 digits (the app's code or the e-mailed one). */
export type SetupCodeProblem = 'numeric' | 'length' | null;
export function setupCodeProblem(code: string): SetupCodeProblem {
  if (code === '') return 'length';
  if (!/^[0-9]+$/.test(code)) return 'numeric';
  return code.length === 6 ? null : 'length';
}

/** The steps of the MFA set-up page (SPEC 2): choose a method, set it up, keep the recovery codes. */
export type SetupMethod = Exclude<MfaMethod, 'none'>;
export type SetupState = { step: 'choose' } | { step: 'app' } | { step: 'email'; codeSent: boolean };
export type SetupAction = { type: 'choose'; method: SetupMethod } | { type: 'codeSent' } | { type: 'back' };

export function setupReducer(state: SetupState, action: SetupAction): SetupState {
  switch (action.type) {
    case 'choose':
      return action.method === 'app' ? { step: 'app' } : { step: 'email', codeSent: false };
    case 'codeSent':
      return state.step === 'email' ? { step: 'email', codeSent: true } : state;
    case 'back':
      return { step: 'choose' };
  }
}

/** How the page introduces itself: a first set-up (maybe required), or a switch of the active method. */
export function setupPurpose(current: MfaMethod, required: boolean): 'required' | 'first' | 'switch' {
  if (current !== 'none') return 'switch';
  return required ? 'required' : 'first';
}

/** Set-up failures the page words itself (the server's English text otherwise). */
const SETUP_FAILURES = {
  [MFA.WRONG_CODE]: 'mfaSetup.wrongCode',
  [MFA.NO_PENDING_SECRET]: 'mfaSetup.noPendingSecret',
  [MFA.SETUP_CHANGED]: 'mfaSetup.setupChanged',
} as const;
export type SetupFailureKey = (typeof SETUP_FAILURES)[keyof typeof SETUP_FAILURES];
const setupFailureKeys = new Map<string, SetupFailureKey>(Object.entries(SETUP_FAILURES));
export const setupFailureKey = (code: string | undefined): SetupFailureKey | null =>
  code === undefined ? null : (setupFailureKeys.get(code) ?? null);

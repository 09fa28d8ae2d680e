import { Messages } from '@portal/core/shared';
import { onlyDirty } from '../../../lib/forms.ts';
import type { LoginFailure } from './login-form.ts';

/**
 * The login card's values and what it shows of their errors: plain data, loaded with the login page. The
 * rules that produce the errors (core's LoginFormSchema) load with the data layer (login-form.ts).
 */
export type LoginField = 'username' | 'password' | 'secretCode';
export type LoginValues = Record<LoginField, string>;
export type LoginErrors = Partial<Record<LoginField, string>>;

export const emptyLoginValues: LoginValues = { username: '', password: '', secretCode: '' };

/** Errors show only on dirty fields (SPEC 5). */
export const visibleErrors = (errors: LoginErrors, dirty: Partial<Record<LoginField, boolean>>): LoginErrors => onlyDirty(errors, dirty);

/** The body of POST auth/signin: the secret code only in the multi-factor step and only when given. */
export function signInBody(values: LoginValues, mfaStep: boolean) {
  return {
    username: values.username,
    password: values.password,
    ...(mfaStep && values.secretCode !== '' ? { secretCode: values.secretCode } : {}),
  };
}

/** A sign-in without a usable answer: no network, an unreadable answer, or no data layer to send it. */
export const failedToSignIn: LoginFailure = { message: Messages.failedToSignIn, rateLimited: false };

import type { Portal } from '@portal/core/shared';
import { LoginResult, type SignInInput } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';

/** POST auth/signin. The login card shows failures itself: no snack alert, no auth dialog. */
export async function signIn(input: SignInInput, portal: Portal) {
  const options = { portal, notify: false, authDialog: false };
  return readJson(await api(options).auth.signin.$post({ json: input }), LoginResult, options);
}

const OtpSent = z.object({ message: z.string() });

/**
 * GET /send-otp-code: e-mails a one-time code for the pending second step (the browser sends the
 * HttpOnly attempt cookie). The card shows the outcome itself: 'OTP code sent', or the failure's message
 * (a 429 says to wait; an expired attempt starts the sign-in again).
 */
export async function sendOtpCode(portal: Portal) {
  const options = { portal, notify: false, authDialog: false };
  return readJson(await api(options)['send-otp-code'].$get(), OtpSent, options);
}

import { LoginResult, type Portal, type SignInInput } from '@portal/core';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { readJson, requestJson } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST auth/signin. The login card shows failures itself: no snack alert, no auth dialog. */
export async function signIn(input: SignInInput, portal: Portal) {
  const options = { portal, notify: false, authDialog: false };
  return readJson(await api(options).auth.signin.$post({ json: input }), LoginResult, options);
}

/**
 * GET /send-otp-code: e-mails a one-time code (multi-factor step). Failures show as a snack alert. Not in
 * the API's route table yet (the MFA issue adds it), hence the untyped call.
 */
export const sendOtpCode = (portal: Portal) =>
  requestJson(apiPaths.sendOtpCode, z.unknown(), { portal, authDialog: false });

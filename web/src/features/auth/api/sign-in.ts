import { LoginResult, type Portal, type SignInInput } from '@portal/core';
import { z } from 'zod';
import { requestJson } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST auth/signin. The login card shows failures itself: no snack alert, no auth dialog. */
export const signIn = (input: SignInInput, portal: Portal) =>
  requestJson(apiPaths.signIn, LoginResult, {
    method: 'POST',
    body: input,
    portal,
    notify: false,
    authDialog: false,
  });

/** GET /send-otp-code: e-mails a one-time code (multi-factor step). Failures show as a snack alert. */
export const sendOtpCode = (portal: Portal) =>
  requestJson(apiPaths.sendOtpCode, z.unknown(), { portal, authDialog: false });

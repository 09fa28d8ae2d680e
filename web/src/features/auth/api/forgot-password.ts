import { ForgotPasswordFormSchema, type Portal } from '@portal/core';
import { z } from 'zod';
import { ApiError, requestJson } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The form rule is core's (`ForgotPasswordFormSchema`: an e-mail address or username, required). */
export function forgotPasswordError(username: string): string | undefined {
  const result = ForgotPasswordFormSchema.safeParse({ username });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The answer's shape is not fixed by the spec: take a message if there is one. */
const ForgotPasswordAnswer = z.looseObject({ message: z.string().optional() }).nullable().catch(null);

export type ForgotPasswordOutcome =
  | { ok: true; serverMessage: string | undefined }
  | { ok: false; serverMessage: string | undefined };

/**
 * POST auth/forgot-password with `{ username }` (SPEC 7). The server endpoint arrives with the accounts
 * issue (then this moves to the typed `api()` client); until then the server's "not found" message is
 * shown as it is.
 */
export async function requestPasswordReset(username: string, portal: Portal): Promise<ForgotPasswordOutcome> {
  try {
    const answer = await requestJson(apiPaths.forgotPassword, ForgotPasswordAnswer, {
      method: 'POST',
      body: { username: username.trim() },
      portal,
      notify: false,
      authDialog: false,
    });
    return { ok: true, serverMessage: answer?.message || undefined };
  } catch (error) {
    return {
      ok: false,
      serverMessage: error instanceof ApiError && error.message ? error.message : undefined,
    };
  }
}

import type { Portal } from '@portal/core/shared';
import useSWRMutation from 'swr/mutation';
import { accountKeys } from './keys.ts';
import { activateApp, confirmEmailMfa, startEmailMfa } from './mfa.ts';

/**
 * Runs a set-up request with the password the page holds (none right after a sign-in, ADR 055); when
 * the server wants the password after all, the page asks for it and runs the request again.
 */
export type Authorize = <T>(call: (password: string | undefined) => Promise<T>) => Promise<T>;

/**
 * The last step of an MFA set-up as a mutation hook: 'Activate' with the app's or the mailed code and the
 * current password. `activate(code)` rejects with the server's ApiError; `activating` from the request
 * until `onActivated` (the recovery codes, the status read again) has run.
 */
export function useActivateMfa(
  portal: Portal,
  method: 'app' | 'email',
  authorize: Authorize,
  onActivated: (codes: string[]) => Promise<void>,
) {
  const { trigger, isMutating } = useSWRMutation(
    accountKeys.mfaActivate(portal, method),
    async ([, p, m], { arg: code }: { arg: string }) =>
      onActivated(await authorize((password) => (m === 'app' ? activateApp : confirmEmailMfa)(p, code, password))),
    { revalidate: false },
  );
  return { activate: trigger, activating: isMutating };
}

/** 'Send code' of the e-mail set-up (the current password with it) as a mutation hook; `sending` meanwhile. */
export function useStartEmailMfa(portal: Portal, authorize: Authorize) {
  const { trigger, isMutating } = useSWRMutation(
    accountKeys.mfaEmailStart(portal),
    ([, p]) => authorize((password) => startEmailMfa(p, password)),
    { revalidate: false },
  );
  return { send: trigger, sending: isMutating };
}

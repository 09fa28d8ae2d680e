import type { Portal } from '@portal/core/shared';
import useSWRMutation from 'swr/mutation';
import { accountKeys } from './keys.ts';
import { activateApp, confirmEmailMfa, startEmailMfa } from './mfa.ts';

/**
 * The last step of an MFA set-up as a mutation hook: 'Activate' with the app's or the mailed code and the
 * current password. `activate(code)` rejects with the server's ApiError; `activating` from the request
 * until `onActivated` (the recovery codes, the status read again) has run.
 */
export function useActivateMfa(
  portal: Portal,
  method: 'app' | 'email',
  password: string,
  onActivated: (codes: string[]) => Promise<void>,
) {
  const { trigger, isMutating } = useSWRMutation(
    accountKeys.mfaActivate(portal, method),
    async ([, p, m], { arg: code }: { arg: string }) =>
      onActivated(await (m === 'app' ? activateApp : confirmEmailMfa)(p, code, password)),
    { revalidate: false },
  );
  return { activate: trigger, activating: isMutating };
}

/** 'Send code' of the e-mail set-up (the current password with it) as a mutation hook; `sending` meanwhile. */
export function useStartEmailMfa(portal: Portal, password: string) {
  const { trigger, isMutating } = useSWRMutation(
    accountKeys.mfaEmailStart(portal),
    ([, p]) => startEmailMfa(p, password),
    { revalidate: false },
  );
  return { send: trigger, sending: isMutating };
}

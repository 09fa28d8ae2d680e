import type { Portal } from '@portal/core/shared';
import { endClientSession } from '../../../lib/auth.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { createStore } from '../../../lib/store.ts';

/**
 * Activating MFA ends every session of the account (ADR 012). The recovery codes the activation returned
 * are handed to the public 'MFA activated' page in memory only — never stored — so they show exactly once.
 */
export interface Activation {
  portal: Portal;
  username: string;
  codes: string[];
}
const activationStore = createStore<Activation | null>(null);

export const peekActivation = (): Activation | null => activationStore.get();
export const clearActivation = (): void => activationStore.set(null);

/**
 * Leaves the guarded set-up page for the portal's public 'MFA activated' page, which then forgets the
 * ended session on the client (`forgetEndedSession`, on mount). Only then: while the set-up page is
 * still on screen (the navigation renders in a transition), a logged-out state would reach its guard and
 * open 'Access denied'.
 */
export async function finishActivation(
  activation: Activation,
  navigate: (to: string, options: { replace: boolean }) => Promise<void> | void,
): Promise<void> {
  activationStore.set(activation);
  await navigate(portalPaths(activation.portal).mfaActivated, { replace: true });
}

/** The server ended every session of the account on activation: so does the client, for this portal. */
export const forgetEndedSession = (portal: Portal): Promise<void> => endClientSession(portal);

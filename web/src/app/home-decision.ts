import type { SessionStatus } from '@portal/core/auth';

/**
 * A portal's public home (/ and /connect) while the status may still be the copy from session storage:
 * - 'login' — show the login card: signed out, just logged out, or no status yet (the usual first visit);
 * - 'wait' — the stored copy says signed in but the server has not answered yet: show a spinner rather
 *   than acting on a session the server may have ended;
 * - 'signedIn' — the server confirmed the session: go on to the landing page (ordering) or show the
 *   sections (connect).
 * Acting only on a confirmed session is what keeps a signed-out visit of a public page from reaching a
 * guard and its 'Access denied' dialog (SPEC 6: the dialog is for trying a protected section).
 */
export type HomeDecision = 'login' | 'wait' | 'signedIn';

export function homeDecision(status: SessionStatus | undefined, settled: boolean, justLoggedOut: boolean): HomeDecision {
  if (justLoggedOut || !status?.loggedIn || !status.user) return 'login';
  return settled ? 'signedIn' : 'wait';
}

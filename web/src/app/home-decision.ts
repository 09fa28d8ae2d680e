import type { SessionStatus } from '@portal/core/auth';
import type { FirstStatus } from './first-status.ts';
import type { ShellSession } from './shell-session.ts';

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

/**
 * A public home's decision from what there is: the data layer's session once it exists, before it the page's first
 * status read (first-status.ts) and the session storage's signed-in copy (`storedCopy`). 'unknown': the first read
 * is out and nothing else speaks yet, so neither the login card nor a signed-in screen's code is shown: a signed-in
 * visitor opening / or /connect from a bookmark or a mail must not meet the card's empty fields first (ADR 149).
 * While the first read's word is 'other' it stands until the session's own read answers or fails (the data layer
 * takes that answer over, so the two agree within a tick; a failed first read, e.g. offline, also says 'other', and
 * the session's failed read then shows the card with the portal's offline notice).
 */
export function publicHomeDecision(
  session: ShellSession | undefined,
  justLoggedOut: boolean,
  storedCopy: boolean,
  first: FirstStatus,
): HomeDecision | 'unknown' {
  if (session && (session.status || session.settled || first === 'signedOut' || first === undefined))
    return homeDecision(session.status, session.settled, justLoggedOut);
  if (justLoggedOut) return 'login';
  if (storedCopy || first === 'other') return 'wait';
  return first === 'pending' ? 'unknown' : 'login';
}

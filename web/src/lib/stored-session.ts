import type { Portal } from '@portal/core/shared';

/** Where lib/session.ts keeps both portals' session state (sessionStorage, `{ ordering, connect }`). */
export const SESSION_STORAGE_KEY = 'portal.session';

/**
 * Whether session storage holds a signed-in copy of a portal's status. Read raw, without the schema (which
 * loads with the data layer, lib/session.ts): only the login page uses it, to show its spinner rather than
 * the login card until the data layer has read the copy and the server has answered (HomeRoute).
 */
export function storedSignedIn(portal: Portal): boolean {
  try {
    const all = JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Partial<
      Record<Portal, { status?: { loggedIn?: unknown; user?: unknown } | null }>
    > | null;
    const status = all?.[portal]?.status;
    return status?.loggedIn === true && Boolean(status.user);
  } catch {
    return false;
  }
}

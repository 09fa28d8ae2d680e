import { isPortal, type Portal } from '@portal/core/shared';
import {
  LOGGED_OUT_STATUS,
  landingTarget,
  orderingReturnPath,
  pendingAccountStep,
  type PendingAccountStep,
  sameOriginPath,
  SessionStatus,
  sessionLandingPage,
} from '@portal/core/auth';
import useSWR, { mutate } from 'swr';
import * as z from '@portal/core/zod';
import { translate } from '../i18n/index.ts';
import { api } from './api.ts';
import { ApiError, readJson } from './api-client.ts';
import { portalPaths } from './paths.ts';
import { usePortal } from './portal.ts';
import { resetSession, returnPathOf, sessionOf, setSession } from './session.ts';
import { snacks } from './snack.ts';
import { inScope, KeyScope } from './query-keys.ts';

/**
 * The session as the whole app sees it (bulletproof-react keeps this in lib/auth too): the status
 * fetcher and hook, the landing decision and logout. Features read the session through `useSession`.
 */

export const loggedOutStatus: SessionStatus = LOGGED_OUT_STATUS;

/**
 * SWR keys of session-bound data name their portal second: `[name, portal, ...]` (a session belongs to
 * one portal, ADR 008), so a logout drops only that portal's answers.
 */
export const statusKey = (portal: Portal) => [KeyScope.authStatus, portal] as const;
const isStatusKey = (key: unknown, portal: Portal) => inScope(KeyScope.authStatus, portal)(key);

/**
 * Whether a logout of `portal` drops a cached answer: everything except public keys and the keys of the
 * other portal. A key that names no portal is dropped (it might hold the ended session's data).
 */
export function dropOnLogout(key: unknown, portal: Portal): boolean {
  if (!Array.isArray(key)) return true;
  if (key[0] === KeyScope.public) return false;
  return !(isPortal(key[1]) && key[1] !== portal);
}

/**
 * GET auth/status. It never opens the auth dialog (a logged-out status is normal); a failed or empty
 * answer is reported as 'Failed to get session status' (SPEC 8). A 401 simply means logged out.
 */
export async function fetchStatus(portal: Portal): Promise<SessionStatus> {
  try {
    const options = { portal, notify: false, authDialog: false };
    return await readJson(await api(options).auth.status.$get(), SessionStatus, options);
  } catch (error) {
    if (error instanceof ApiError && error.isAuthFailure) return loggedOutStatus;
    const message = translate('messages.failedToGetSessionStatus');
    snacks.error(message);
    throw new Error(message, { cause: error });
  }
}

/** Keeps one portal's session state in step with what the server says for that portal. */
export function applyStatus(portal: Portal, status: SessionStatus): void {
  if (status.loggedIn && status.user) setSession(portal, status);
  else if (sessionOf(portal).status?.loggedIn) resetSession(portal);
}

export interface SessionView {
  /** Undefined until the first answer (or a stored one) is there. */
  status: SessionStatus | undefined;
  loading: boolean;
  /**
   * True once the server has answered (or failed to answer) the status request in this page's life.
   * Before that `status` may be the copy from session storage, which the server may no longer honour.
   */
  settled: boolean;
  error: unknown;
  refresh: () => Promise<SessionStatus | undefined>;
}

/**
 * How long one status read serves every useSession that mounts after it. SWR's 2 s default is shorter than
 * a deep link on a phone takes from the session read to its screen: the screen's hooks read the status a
 * second time (ADR 097). A sign-in, a logout and `refresh` re-read at once; a focus after the window does.
 */
const STATUS_DEDUPE_MS = 10_000;

/** The session status of the current portal, starting from that portal's copy in session storage. */
export function useSession(): SessionView {
  const portal = usePortal();
  const stored = sessionOf(portal).status ?? undefined;
  const {
    data,
    error,
    isLoading,
    mutate: refresh,
  } = useSWR(statusKey(portal), ([, p]) => fetchStatus(p), {
    fallbackData: stored,
    onSuccess: (status) => applyStatus(portal, status),
    shouldRetryOnError: false,
    dedupingInterval: STATUS_DEDUPE_MS,
  });
  // SWR's isLoading ignores fallback data: it is true until the first answer is in the cache.
  return {
    status: data,
    loading: isLoading && !data,
    settled: !isLoading,
    error,
    refresh: () => refresh(),
  };
}

/** Re-reads a portal's status (after sign-in) and returns it. */
export async function refreshSession(portal: Portal): Promise<SessionStatus> {
  const status = await fetchStatus(portal);
  applyStatus(portal, status);
  await mutate(statusKey(portal), status, { revalidate: false });
  return status;
}

/**
 * Changes a portal's known status at once (an optimistic update the next status answer confirms), e.g.
 * a dismissed notice, so a reload in between does not bring the old state back from session storage.
 */
export async function patchStatus(portal: Portal, patch: Partial<SessionStatus>): Promise<void> {
  const current = sessionOf(portal).status;
  if (!current?.loggedIn || !current.user) return;
  const next = { ...current, ...patch };
  applyStatus(portal, next);
  await mutate(statusKey(portal), next, { revalidate: false });
}

/**
 * Where the session lands (SPEC 2, core's rules): '/' when logged out; the configured target
 * (retailer selection or couponing) when the password is not expired and MFA is enabled; the MFA set-up
 * page while MFA must be set up; else My Account.
 */
export function sessionLanding(status: SessionStatus | undefined): string {
  const loggedIn = Boolean(status?.loggedIn && status.user);
  return sessionLandingPage({
    loggedIn,
    passwordExpired: status?.passwordExpired ?? false,
    mfaSetupRequired: status?.mfaSetupRequired === true,
    // Microsoft single sign-on brings its own second factor (ADR 009).
    mfaEnabled: (status?.mfaStatus ?? 'none') !== 'none' || status?.signInMethod === 'sso',
    configured: landingTarget(status?.user?.modules.ordering?.permissions),
  });
}

/**
 * Where a portal's session lands. Ordering: SPEC 2 (above). Connect has no configured landing page: its
 * home (the sections), or the place of a pending step — My Account while the password is expired (the
 * only place it can be renewed), the MFA set-up page while MFA must be set up.
 */
export function portalLanding(portal: Portal, status: SessionStatus | undefined): string {
  if (portal === 'ordering') return sessionLanding(status);
  const step = pendingStepOf(status);
  if (step === 'passwordExpired') return portalPaths(portal).myAccount;
  if (step === 'mfaSetUp') return portalPaths(portal).mfaSetup;
  return portalPaths(portal).home;
}

/** The step a signed-in session must take before anything but My Account (core's rule), if any. */
export function pendingStepOf(status: SessionStatus | undefined): PendingAccountStep | null {
  return status?.loggedIn && status.user ? pendingAccountStep(status) : null;
}

/**
 * Where a sign-in goes (ADR 017): back to the page the visitor had asked for (kept by the auth
 * guard) when no step of the account is pending and they have access to it (core's `orderingReturnPath`;
 * connect: while it would land on its home); otherwise the portal's landing page. Only a same-origin path
 * of the portal counts (core's `sameOriginPath`).
 */
export function signInDestination(portal: Portal, status: SessionStatus | undefined): string {
  const landing = portalLanding(portal, status);
  const requested = returnPathOf(portal);
  if (portal === 'ordering') {
    return orderingReturnPath(requested, landing, {
      stepPending: pendingStepOf(status) !== null,
      permissions: status?.user?.modules.ordering?.permissions,
      strongAuthentication: hasStrongAuthentication(status),
    });
  }
  const path = sameOriginPath(requested, portalPaths(portal).home);
  return path && landing === portalPaths(portal).home ? path : landing;
}

/**
 * Whether the session meets the higher authentication standard some sections need (SPEC 6, ADR 006):
 * the account's security flag says strong authentication (medium, strong, restricted or private), or the
 * account has activated multi-factor authentication — which is what the 'Access denied' dialog asks for.
 */
export function hasStrongAuthentication(status: SessionStatus | undefined): boolean {
  if (!status?.loggedIn || !status.user) return false;
  return status.user.strongAuthentication || status.mfaStatus !== 'none';
}

const LogoutResult = z.object({ success: z.literal(true) });

/**
 * GET auth/logout. Returns false (after the 'Failed to log out user' alert) when the server did not
 * confirm. The caller then navigates to the portal's home and calls `finishLogout`: leaving the guarded
 * screens first means no guard ever sees the logged-out state and mistakes it for an access attempt.
 */
export async function logoutRequest(portal: Portal): Promise<boolean> {
  try {
    const options = { portal, notify: false, authDialog: false };
    await readJson(await api(options).auth.logout.$get(), LogoutResult, options);
    return true;
  } catch {
    snacks.error(translate('messages.failedToLogOut'));
    return false;
  }
}

/**
 * Forgets one portal's ended session on the client: resets its session state and drops its session-bound
 * cached answers (its status reads logged out). The other portal's session, state and cache stay as they
 * are (ADR 008). Used after a logout and after MFA activation (the server ended every session).
 */
export async function endClientSession(portal: Portal): Promise<void> {
  resetSession(portal);
  await mutate((key) => dropOnLogout(key, portal) && !isStatusKey(key, portal), undefined, {
    revalidate: false,
  });
  await mutate((key) => isStatusKey(key, portal), loggedOutStatus, { revalidate: false });
}

/** Ends one portal's client session and shows 'Logout successful'. */
export async function finishLogout(portal: Portal): Promise<void> {
  await endClientSession(portal);
  snacks.success(translate('messages.logoutSuccessful'));
}

import type { Portal } from '@portal/core/shared';
import { LoginResult, SessionStatus } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { usePortal } from './portal.ts';
import { createPersistentStore, createStore, useStore } from './store.ts';
import { SESSION_STORAGE_KEY } from './stored-session.ts';

/**
 * Client state (SPEC 4 Session), kept PER PORTAL: the server binds a session to the portal it was signed
 * in on (ADR 008), so the ordering and the connect portal never read or write each other's state.
 * - session state (status, login result, chosen retailer) lives in sessionStorage under `portal.session`
 *   as `{ ordering, connect }`: it ends with the tab;
 * - the authorization-failed flag lives in localStorage under `portal.auth`, also `{ ordering, connect }`
 *   (a 401 on one portal says nothing about the other);
 * - permanently dismissed notices (`portal.device`) belong to the device, not to a portal;
 * - which dialog is open is plain memory: a reload never re-opens a dialog.
 * Writers take the portal as an argument (the portal of the call), hooks read it from `usePortal()`.
 */

export const ChosenRetailer = z.object({ id: z.string(), name: z.string() });
export type ChosenRetailer = z.infer<typeof ChosenRetailer>;

const SessionState = z.object({
  status: z.nullable(SessionStatus),
  loginResult: z.nullable(LoginResult),
  retailer: z.nullable(ChosenRetailer),
  /** Service messages the user closed in this session (they come back at the next sign-in). */
  dismissedMessages: z._default(z.array(z.string()), []),
});
export type SessionState = z.infer<typeof SessionState>;
export const emptySession: SessionState = {
  status: null,
  loginResult: null,
  retailer: null,
  dismissedMessages: [],
};

const AuthState = z.object({ authorizationFailed: z.boolean() });
type AuthState = z.infer<typeof AuthState>;
const DeviceState = z.object({ dismissedNotices: z.array(z.string()) });

/** One value per portal. A stored value of another shape (e.g. the old shared one) reads as `initial`. */
export type PerPortal<T> = Record<Portal, T>;
const perPortal = <S extends z.ZodMiniType>(schema: S) => z.object({ ordering: schema, connect: schema });
const bothPortals = <T>(value: T): PerPortal<T> => ({ ordering: value, connect: value });

export const sessionStore = createPersistentStore('session', SESSION_STORAGE_KEY, perPortal(SessionState), bothPortals(emptySession));
export const authStore = createPersistentStore(
  'local',
  'portal.auth',
  perPortal(AuthState),
  bothPortals<AuthState>({ authorizationFailed: false }),
);
export const deviceStore = createPersistentStore('local', 'portal.device', DeviceState, {
  dismissedNotices: [],
});

/** The 'Access denied' dialogs: signed out, MFA missing, or a section the permissions do not open. */
export type DialogName = 'authRequired' | 'mfaRequired' | 'sectionDenied';
/** The open access dialog is part of the screen in front of the user, whichever portal it shows. */
export const dialogStore = createStore<Record<DialogName, boolean>>({
  authRequired: false,
  mfaRequired: false,
  sectionDenied: false,
});

function updateSession(portal: Portal, update: (state: SessionState) => SessionState): void {
  sessionStore.set((all) => ({ ...all, [portal]: update(all[portal]) }));
}

function setAuthorizationFailed(portal: Portal, authorizationFailed: boolean): void {
  if (authStore.get()[portal].authorizationFailed === authorizationFailed) return;
  authStore.set((all) => ({ ...all, [portal]: { authorizationFailed } }));
}

/** The session state of one portal. */
export const sessionOf = (portal: Portal): SessionState => sessionStore.get()[portal];
/** Whether authorization has failed on one portal. */
export const authorizationFailedOn = (portal: Portal): boolean => authStore.get()[portal].authorizationFailed;

/**
 * Resetting a portal's session clears everything of it except the authorization-failed flag (it lives
 * elsewhere); the other portal keeps its state.
 */
export function resetSession(portal: Portal): void {
  updateSession(portal, () => emptySession);
}

/** Stores a portal's status; a status with a user clears that portal's authorization-failed flag. */
export function setSession(portal: Portal, status: SessionStatus): void {
  updateSession(portal, (s) => ({ ...s, status }));
  if (status.user) setAuthorizationFailed(portal, false);
}

export function setLoginResult(portal: Portal, loginResult: LoginResult | null): void {
  updateSession(portal, (s) => ({ ...s, loginResult }));
}

export function setChosenRetailer(portal: Portal, retailer: ChosenRetailer | null): void {
  updateSession(portal, (s) => ({ ...s, retailer }));
}

/**
 * A 401/403 of a call made for `portal`, or a guarded section of it: mark authorization as failed on
 * that portal and open the auth-required dialog.
 */
export function markAuthorizationFailed(portal: Portal): void {
  setAuthorizationFailed(portal, true);
  openDialog('authRequired');
}

/**
 * A call answered 403 for a pending account step (AUTH.PASSWORD_EXPIRED, ADR 011; AUTH.MFA_SETUP_REQUIRED,
 * ADR 017): the data layer's PendingStep re-reads that portal's status and sends the user to its landing
 * page, which is where the step is taken. Memory only, like the open dialog.
 */
export const pendingStepStore = createStore<Portal | null>(null);
export function requestPendingStep(portal: Portal): void {
  pendingStepStore.set(portal);
}
export function clearPendingStep(): void {
  pendingStepStore.set(null);
}
export const usePendingStep = () => useStore(pendingStepStore);

/**
 * The address a signed-out visitor asked for when the auth guard sent them to the login (ADR 017),
 * per portal, in sessionStorage so it survives the Microsoft sign-in round trip. Sign-in goes there
 * when the landing rules allow (lib/auth `signInDestination`); reaching the app clears it.
 */
const ReturnPaths = z.object({ ordering: z.nullable(z.string()), connect: z.nullable(z.string()) });
export const returnPathStore = createPersistentStore('session', 'portal.returnTo', ReturnPaths, {
  ordering: null,
  connect: null,
});
export function setReturnPath(portal: Portal, path: string | null): void {
  if (returnPathStore.get()[portal] === path) return;
  returnPathStore.set((all) => ({ ...all, [portal]: path }));
}
export const returnPathOf = (portal: Portal): string | null => returnPathStore.get()[portal];

/** Hides a service message (by its id) for the rest of this portal's session. */
export function dismissServiceMessage(portal: Portal, id: string): void {
  updateSession(portal, (s) => (s.dismissedMessages.includes(id) ? s : { ...s, dismissedMessages: [...s.dismissedMessages, id] }));
}

export function openDialog(name: DialogName): void {
  dialogStore.set((d) => ({ ...d, [name]: true }));
}

export function closeDialog(name: DialogName): void {
  dialogStore.set((d) => ({ ...d, [name]: false }));
}

export function dismissNotice(id: string): void {
  deviceStore.set((d) => (d.dismissedNotices.includes(id) ? d : { dismissedNotices: [...d.dismissedNotices, id] }));
}

const PORTALS: readonly Portal[] = ['ordering', 'connect'];
const signedInOn = (all: PerPortal<SessionState>, portal: Portal) => all[portal].status?.loggedIn === true;

/**
 * Calls `listener` whenever a portal's session ends (its status goes from signed in to not: logout,
 * reset, an answer saying logged out), so session-bound drafts kept elsewhere end with it. Returns the
 * unsubscribe function.
 */
export function onSessionEnd(listener: (portal: Portal) => void): () => void {
  let before = sessionStore.get();
  return sessionStore.subscribe(() => {
    const now = sessionStore.get();
    const ended = PORTALS.filter((portal) => signedInOn(before, portal) && !signedInOn(now, portal));
    before = now;
    for (const portal of ended) listener(portal);
  });
}

/** The session state of the current screen's portal. */
export function useSessionState(): SessionState {
  const portal = usePortal();
  return useStore(sessionStore)[portal];
}
/** Whether authorization has failed on the current screen's portal. */
export function useAuthorizationFailed(): boolean {
  const portal = usePortal();
  return useStore(authStore)[portal].authorizationFailed;
}
export const useDialogs = () => useStore(dialogStore);
export const useNoticeDismissed = (id: string) => useStore(deviceStore).dismissedNotices.includes(id);

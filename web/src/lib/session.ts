import { LoginResult, SessionStatus } from '@portal/core';
import { z } from 'zod';
import { createPersistentStore, createStore, useStore } from './store.ts';

/**
 * Client state (SPEC 4 Session):
 * - session state (status, login result, chosen retailer) lives in sessionStorage: it ends with the tab;
 * - device and auth state (authorization-failed flag, permanently dismissed notices) in localStorage;
 * - which dialog is open is plain memory: a reload never re-opens a dialog.
 */

export const ChosenRetailer = z.object({ id: z.string(), name: z.string() });
export type ChosenRetailer = z.infer<typeof ChosenRetailer>;

const SessionState = z.object({
  status: SessionStatus.nullable(),
  loginResult: LoginResult.nullable(),
  retailer: ChosenRetailer.nullable(),
});
export type SessionState = z.infer<typeof SessionState>;
export const emptySession: SessionState = { status: null, loginResult: null, retailer: null };

const AuthState = z.object({ authorizationFailed: z.boolean() });
const DeviceState = z.object({ dismissedNotices: z.array(z.string()) });

export const sessionStore = createPersistentStore('session', 'portal.session', SessionState, emptySession);
export const authStore = createPersistentStore('local', 'portal.auth', AuthState, {
  authorizationFailed: false,
});
export const deviceStore = createPersistentStore('local', 'portal.device', DeviceState, {
  dismissedNotices: [],
});

export type DialogName = 'authRequired' | 'mfaRequired';
export const dialogStore = createStore<Record<DialogName, boolean>>({
  authRequired: false,
  mfaRequired: false,
});

/** Resetting the session clears everything except the authorization-failed flag (it lives elsewhere). */
export function resetSession(): void {
  sessionStore.set(emptySession);
}

/** Stores a status; a status with a user clears the authorization-failed flag. */
export function setSession(status: SessionStatus): void {
  sessionStore.set((s) => ({ ...s, status }));
  if (status.user) authStore.set({ authorizationFailed: false });
}

export function setLoginResult(loginResult: LoginResult | null): void {
  sessionStore.set((s) => ({ ...s, loginResult }));
}

export function setChosenRetailer(retailer: ChosenRetailer | null): void {
  sessionStore.set((s) => ({ ...s, retailer }));
}

/** A 401/403 or a guarded section: mark authorization as failed and open the auth-required dialog. */
export function markAuthorizationFailed(): void {
  authStore.set({ authorizationFailed: true });
  openDialog('authRequired');
}

export function openDialog(name: DialogName): void {
  dialogStore.set((d) => ({ ...d, [name]: true }));
}

export function closeDialog(name: DialogName): void {
  dialogStore.set((d) => ({ ...d, [name]: false }));
}

export function dismissNotice(id: string): void {
  deviceStore.set((d) =>
    d.dismissedNotices.includes(id) ? d : { dismissedNotices: [...d.dismissedNotices, id] },
  );
}

export const useSessionState = () => useStore(sessionStore);
export const useAuthorizationFailed = () => useStore(authStore).authorizationFailed;
export const useDialogs = () => useStore(dialogStore);
export const useNoticeDismissed = (id: string) => useStore(deviceStore).dismissedNotices.includes(id);

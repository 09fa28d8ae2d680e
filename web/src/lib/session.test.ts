import type { Portal } from '@portal/core/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../test/fixtures.ts';
import { applyStatus, dropOnLogout, loggedOutStatus, sessionLanding, statusKey } from './auth.ts';
import { portalOfPath } from './portal.ts';
import {
  authorizationFailedOn,
  authStore,
  dialogStore,
  dismissServiceMessage,
  emptySession,
  markAuthorizationFailed,
  onSessionEnd,
  resetSession,
  sessionOf,
  setChosenRetailer,
  setLoginResult,
  setSession,
} from './session.ts';

const PORTALS: Portal[] = ['ordering', 'connect'];
const other = (portal: Portal): Portal => (portal === 'ordering' ? 'connect' : 'ordering');
const loginResult = { response: { success: true }, username: 'u', securityFlag: 0, passwordExpired: false };

beforeEach(() => {
  for (const portal of PORTALS) resetSession(portal);
  authStore.set({ ordering: { authorizationFailed: false }, connect: { authorizationFailed: false } });
  dialogStore.set({ authRequired: false, mfaRequired: false, sectionDenied: false });
});

describe.each(PORTALS)('session state of the %s portal (SPEC 4)', (portal) => {
  it('resetting the session clears everything except the authorization-failed flag', () => {
    setSession(portal, signedIn());
    setLoginResult(portal, loginResult);
    setChosenRetailer(portal, { id: 'r1', name: 'Retailer One' });
    markAuthorizationFailed(portal);
    dismissServiceMessage(portal, 'warning:Password');
    expect(sessionOf(portal).dismissedMessages).toEqual(['warning:Password']);
    resetSession(portal);
    expect(sessionOf(portal)).toEqual({ status: null, loginResult: null, retailer: null, dismissedMessages: [] });
    expect(authorizationFailedOn(portal)).toBe(true);
  });

  it('setting a session with a user clears the authorization-failed flag', () => {
    markAuthorizationFailed(portal);
    setSession(portal, loggedOutStatus);
    expect(authorizationFailedOn(portal)).toBe(true);
    setSession(portal, signedIn());
    expect(authorizationFailedOn(portal)).toBe(false);
  });

  it('an authorization failure opens the auth-required dialog', () => {
    markAuthorizationFailed(portal);
    expect(dialogStore.get().authRequired).toBe(true);
  });
});

describe.each(PORTALS)('the %s portal never touches the other portal', (portal) => {
  const theOther = other(portal);

  it("signing in, choosing a retailer and resetting leave the other portal's session as it was", () => {
    const otherStatus = signedIn({ lastLogin: { at: '2026-01-02T03:04:05.000Z' } });
    setSession(theOther, otherStatus);
    setLoginResult(theOther, loginResult);
    const before = sessionOf(theOther);

    setSession(portal, signedIn());
    setLoginResult(portal, { ...loginResult, username: 'someone else' });
    setChosenRetailer(portal, { id: 'r2', name: 'Retailer Two' });
    expect(sessionOf(theOther)).toBe(before);

    resetSession(portal);
    expect(sessionOf(portal)).toEqual(emptySession);
    expect(sessionOf(theOther)).toBe(before);
    expect(sessionOf(theOther).status).toBe(otherStatus);
  });

  it('a failed authorization is flagged on its own portal only; a sign-in clears only its own', () => {
    markAuthorizationFailed(portal);
    expect(authorizationFailedOn(portal)).toBe(true);
    expect(authorizationFailedOn(theOther)).toBe(false);

    markAuthorizationFailed(theOther);
    setSession(portal, signedIn());
    expect(authorizationFailedOn(portal)).toBe(false);
    expect(authorizationFailedOn(theOther)).toBe(true);
  });
});

describe('onSessionEnd', () => {
  it('reports a portal whose signed-in session ends, once, and nothing else', () => {
    const ended: Portal[] = [];
    const stop = onSessionEnd((portal) => ended.push(portal));
    setSession('ordering', signedIn());
    setChosenRetailer('ordering', { id: 'r1', name: 'Retailer One' });
    resetSession('connect'); // never signed in: nothing ends
    expect(ended).toEqual([]);
    setSession('ordering', loggedOutStatus);
    resetSession('ordering');
    expect(ended).toEqual(['ordering']);
    stop();
    setSession('connect', signedIn());
    resetSession('connect');
    expect(ended).toEqual(['ordering']);
  });
});

describe("applyStatus: the server's answer for one portal", () => {
  it('a logged-out answer on ordering leaves a connect sign-in alone (the bug of a shared state)', () => {
    const connect = signedIn();
    applyStatus('connect', connect);
    applyStatus('ordering', loggedOutStatus);
    expect(sessionOf('connect').status).toBe(connect);
    expect(sessionOf('ordering').status).toBeNull();
  });

  it("stores a signed-in answer for its portal and resets that portal's ended session", () => {
    applyStatus('ordering', signedIn());
    setChosenRetailer('ordering', { id: 'r1', name: 'Retailer One' });
    applyStatus('connect', signedIn());
    applyStatus('ordering', loggedOutStatus);
    expect(sessionOf('ordering')).toEqual(emptySession);
    expect(sessionOf('connect').status?.loggedIn).toBe(true);
  });
});

describe('dropOnLogout: which cached answers a logout of one portal drops', () => {
  it("drops that portal's session-bound keys and keeps public ones and the other portal's", () => {
    expect(dropOnLogout(['account', 'connect'], 'connect')).toBe(true);
    expect(dropOnLogout(statusKey('connect'), 'connect')).toBe(true);
    expect(dropOnLogout(['account', 'ordering'], 'connect')).toBe(false);
    expect(dropOnLogout(statusKey('ordering'), 'connect')).toBe(false);
    expect(dropOnLogout(['public', 'brand'], 'connect')).toBe(false);
    expect(dropOnLogout(['public', 'brand'], 'ordering')).toBe(false);
  });

  it("drops keys that name no portal (they may hold the ended session's data)", () => {
    expect(dropOnLogout('/api/something', 'ordering')).toBe(true);
    expect(dropOnLogout(['orders'], 'ordering')).toBe(true);
    expect(dropOnLogout(['orders', 'elsewhere'], 'connect')).toBe(true);
  });
});

describe('persisted shape', () => {
  const storage = () => {
    const data = new Map<string, string>();
    return {
      data,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('keeps both portals under portal.session / portal.auth and reads an old shared value as signed out', async () => {
    const session = storage();
    const local = storage();
    // What the app stored before sessions were per portal: one state for both.
    session.setItem('portal.session', JSON.stringify({ status: signedIn(), loginResult: null, retailer: null }));
    local.setItem('portal.auth', JSON.stringify({ authorizationFailed: true }));
    vi.stubGlobal('window', { sessionStorage: session, localStorage: local });
    vi.resetModules();
    const fresh = await import('./session.ts');

    expect(fresh.sessionOf('ordering')).toEqual(fresh.emptySession);
    expect(fresh.sessionOf('connect')).toEqual(fresh.emptySession);
    expect(fresh.authorizationFailedOn('ordering')).toBe(false);

    const status = signedIn();
    fresh.setSession('connect', status);
    fresh.markAuthorizationFailed('ordering');
    expect(JSON.parse(session.data.get('portal.session')!)).toEqual({
      ordering: fresh.emptySession,
      connect: { status, loginResult: null, retailer: null, dismissedMessages: [] },
    });
    expect(JSON.parse(local.data.get('portal.auth')!)).toEqual({
      ordering: { authorizationFailed: true },
      connect: { authorizationFailed: false },
    });
  });
});

describe('sessionLanding (core rules)', () => {
  it('is / when logged out', () => {
    expect(sessionLanding(undefined)).toBe('/');
    expect(sessionLanding(loggedOutStatus)).toBe('/');
  });

  it('is the configured target only with MFA enabled and the password not expired', () => {
    const ordering = { cardOrdering: true };
    expect(sessionLanding(signedIn({ mfaStatus: 'app' }, ordering))).toBe('/app/retailer-selection');
    expect(sessionLanding(signedIn({ mfaStatus: 'email' }, { couponingManagement: true }))).toBe('/app/couponing');
    expect(sessionLanding(signedIn({ mfaStatus: 'none' }, ordering))).toBe('/app/my-account');
    expect(sessionLanding(signedIn({ mfaStatus: 'app', passwordExpired: true }, ordering))).toBe('/app/my-account');
    expect(sessionLanding(signedIn({ mfaStatus: 'app' }, {}))).toBe('/app/my-account');
  });

  it('retailerSales also lands on retailer selection', () => {
    expect(sessionLanding(signedIn({ mfaStatus: 'app' }, { retailerSales: true, couponingManagement: true }))).toBe(
      '/app/retailer-selection',
    );
  });
});

describe('portalOfPath', () => {
  it('names connect for /connect and below, ordering elsewhere', () => {
    expect(portalOfPath('/connect')).toBe('connect');
    expect(portalOfPath('/connect/reports')).toBe('connect');
    expect(portalOfPath('/connected')).toBe('ordering');
    expect(portalOfPath('/app/my-account')).toBe('ordering');
    expect(portalOfPath('/')).toBe('ordering');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../test/fixtures.ts';
import { loggedOutStatus, sessionLanding } from './auth.ts';
import { portalOfPath } from './portal.ts';
import {
  authStore,
  dialogStore,
  markAuthorizationFailed,
  resetSession,
  sessionStore,
  setChosenRetailer,
  setSession,
} from './session.ts';

describe('session state (SPEC 4)', () => {
  beforeEach(() => {
    resetSession();
    authStore.set({ authorizationFailed: false });
    dialogStore.set({ authRequired: false, mfaRequired: false });
  });

  it('resetting the session clears everything except the authorization-failed flag', () => {
    setSession(signedIn());
    setChosenRetailer({ id: 'r1', name: 'Retailer One' });
    markAuthorizationFailed();
    resetSession();
    expect(sessionStore.get()).toEqual({ status: null, loginResult: null, retailer: null });
    expect(authStore.get().authorizationFailed).toBe(true);
  });

  it('setting a session with a user clears the authorization-failed flag', () => {
    markAuthorizationFailed();
    setSession(loggedOutStatus);
    expect(authStore.get().authorizationFailed).toBe(true);
    setSession(signedIn());
    expect(authStore.get().authorizationFailed).toBe(false);
  });

  it('an authorization failure opens the auth-required dialog', () => {
    markAuthorizationFailed();
    expect(dialogStore.get().authRequired).toBe(true);
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
    expect(sessionLanding(signedIn({ mfaStatus: 'email' }, { couponingManagement: true }))).toBe(
      '/app/couponing',
    );
    expect(sessionLanding(signedIn({ mfaStatus: 'none' }, ordering))).toBe('/app/my-account');
    expect(sessionLanding(signedIn({ mfaStatus: 'app', passwordExpired: true }, ordering))).toBe(
      '/app/my-account',
    );
    expect(sessionLanding(signedIn({ mfaStatus: 'app' }, {}))).toBe('/app/my-account');
  });

  it('retailerSales also lands on retailer selection', () => {
    expect(
      sessionLanding(signedIn({ mfaStatus: 'app' }, { retailerSales: true, couponingManagement: true })),
    ).toBe('/app/retailer-selection');
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

import { SSO_CALLBACK_PATHS } from '@portal/core/auth';
import { describe, expect, it } from 'vitest';
import { signedIn, sessionUser } from '../test/fixtures.ts';
import { hasStrongAuthentication, loggedOutStatus, portalLanding, signInDestination } from './auth.ts';
import { portalPaths } from './paths.ts';
import { setReturnPath } from './session.ts';

describe('portalLanding', () => {
  it('ordering follows SPEC 2 (configured page only with MFA and a valid password)', () => {
    const coupons = { couponingManagement: true };
    expect(portalLanding('ordering', signedIn({ mfaStatus: 'app' }, coupons))).toBe('/app/couponing');
    expect(portalLanding('ordering', signedIn({}, coupons))).toBe('/app/my-account');
    expect(portalLanding('ordering', loggedOutStatus)).toBe('/');
  });

  it('connect lands on its home, or its My Account while the password is expired', () => {
    expect(portalLanding('connect', signedIn())).toBe('/connect');
    expect(portalLanding('connect', signedIn({ passwordExpired: true }))).toBe('/connect/my-account');
    expect(portalLanding('connect', loggedOutStatus)).toBe('/connect');
  });
});

describe('pending steps land where they are taken (ADR 017)', () => {
  it('sends an account that must set up MFA to the set-up page of its portal', () => {
    const all = { cardOrdering: true, couponingManagement: true };
    expect(portalLanding('ordering', signedIn({ mfaSetupRequired: true }, all))).toBe('/app/my-account/mfa');
    expect(portalLanding('connect', signedIn({ mfaSetupRequired: true }))).toBe('/connect/my-account/mfa');
    expect(portalLanding('ordering', signedIn({ mfaSetupRequired: true, passwordExpired: true }, all))).toBe('/app/my-account');
  });
});

describe('signInDestination (ADR 017: deep links survive sign-in)', () => {
  const coupons = { couponingManagement: true };
  const ready = signedIn({ mfaStatus: 'app' }, coupons);
  it('returns to the page asked for when the landing rules let the user through', () => {
    setReturnPath('ordering', '/app/couponing/query');
    expect(signInDestination('ordering', ready)).toBe('/app/couponing/query');
    setReturnPath('connect', '/connect/news');
    expect(signInDestination('connect', signedIn())).toBe('/connect/news');
  });

  it('keeps the normal landing while a step is pending, for a closed section, or for another site', () => {
    setReturnPath('ordering', '/app/couponing/query');
    expect(signInDestination('ordering', signedIn({}, coupons))).toBe('/app/my-account');
    expect(signInDestination('ordering', signedIn({ mfaSetupRequired: true }, coupons))).toBe('/app/my-account/mfa');
    setReturnPath('ordering', '/app/orders');
    expect(signInDestination('ordering', ready)).toBe('/app/couponing');
    setReturnPath('ordering', '//evil.example/app');
    expect(signInDestination('ordering', ready)).toBe('/app/couponing');
    setReturnPath('ordering', null);
    expect(signInDestination('ordering', ready)).toBe('/app/couponing');
    setReturnPath('connect', '/connect/news');
    expect(signInDestination('connect', signedIn({ passwordExpired: true }))).toBe('/connect/my-account');
  });
});

describe('hasStrongAuthentication (SPEC 6, ADR 006)', () => {
  it('is the security flag, or an active second factor', () => {
    expect(hasStrongAuthentication(signedIn({ user: { ...sessionUser(), strongAuthentication: true } }))).toBe(true);
    expect(hasStrongAuthentication(signedIn({ mfaStatus: 'email' }))).toBe(true);
    expect(hasStrongAuthentication(signedIn())).toBe(false);
    expect(hasStrongAuthentication(loggedOutStatus)).toBe(false);
    expect(hasStrongAuthentication(undefined)).toBe(false);
  });
});

describe('portalPaths', () => {
  it("names each portal's screens; the SSO callbacks are the ones registered with the provider", () => {
    for (const portal of ['ordering', 'connect'] as const) {
      expect(portalPaths(portal).ssoCallback).toBe(SSO_CALLBACK_PATHS[portal]);
    }
    expect(portalPaths('ordering')).toEqual({
      home: '/',
      myAccount: '/app/my-account',
      mfaSetup: '/app/my-account/mfa',
      mfaActivated: '/mfa-activated',
      ssoCallback: '/sso-callback',
    });
    expect(portalPaths('connect').mfaSetup).toBe('/connect/my-account/mfa');
  });
});

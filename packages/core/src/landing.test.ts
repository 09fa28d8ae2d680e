import { describe, expect, it } from 'vitest';
import { landingTarget, needsRetailerSelection, sessionLandingPage } from './landing.ts';

describe('landingTarget', () => {
  it('sends card ordering and retailer sales users to retailer selection', () => {
    expect(landingTarget({ cardOrdering: true })).toBe('/app/retailer-selection');
    expect(landingTarget({ retailerSales: true })).toBe('/app/retailer-selection');
  });

  it('prefers retailer selection over couponing when both apply', () => {
    expect(landingTarget({ couponingManagement: true, cardOrdering: true })).toBe('/app/retailer-selection');
  });

  it('sends couponing-only users to couponing', () => {
    expect(landingTarget({ couponingManagement: true, couponingCancellation: true })).toBe('/app/couponing');
  });

  it('has no target otherwise', () => {
    expect(landingTarget({ couponingCancellation: true })).toBeNull();
    expect(landingTarget({})).toBeNull();
    expect(landingTarget(undefined)).toBeNull();
  });
});

describe('sessionLandingPage', () => {
  const configured = '/app/couponing';

  it('is / when logged out', () => {
    expect(
      sessionLandingPage({ loggedIn: false, passwordExpired: false, mfaEnabled: true, configured }),
    ).toBe('/');
  });

  it('is the configured page with a valid password and MFA enabled', () => {
    expect(sessionLandingPage({ loggedIn: true, passwordExpired: false, mfaEnabled: true, configured })).toBe(
      configured,
    );
  });

  it('is my-account when the password expired or MFA is off', () => {
    expect(sessionLandingPage({ loggedIn: true, passwordExpired: true, mfaEnabled: true, configured })).toBe(
      '/app/my-account',
    );
    expect(
      sessionLandingPage({ loggedIn: true, passwordExpired: false, mfaEnabled: false, configured }),
    ).toBe('/app/my-account');
  });

  it('is my-account when nothing is configured', () => {
    expect(
      sessionLandingPage({ loggedIn: true, passwordExpired: false, mfaEnabled: true, configured: null }),
    ).toBe('/app/my-account');
  });
});

describe('needsRetailerSelection', () => {
  it('asks for a retailer until one is chosen', () => {
    expect(needsRetailerSelection({}, false)).toBe(true);
    expect(needsRetailerSelection({}, true)).toBe(false);
  });

  it('never asks when retailer level is disabled', () => {
    expect(needsRetailerSelection({ disableRetailerLevel: true }, false)).toBe(false);
  });
});

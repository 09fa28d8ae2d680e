import { describe, expect, it } from 'vitest';
import {
  landingTarget,
  maySeeSection,
  needsRetailerSelection,
  orderingReturnPath,
  pendingAccountStep,
  sameOriginPath,
  sessionLandingPage,
} from './landing.ts';

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
    expect(sessionLandingPage({ loggedIn: false, passwordExpired: false, mfaEnabled: true, configured })).toBe('/');
  });

  it('is the configured page with a valid password and MFA enabled', () => {
    expect(sessionLandingPage({ loggedIn: true, passwordExpired: false, mfaEnabled: true, configured })).toBe(configured);
  });

  it('is my-account when the password expired or MFA is off', () => {
    expect(sessionLandingPage({ loggedIn: true, passwordExpired: true, mfaEnabled: true, configured })).toBe('/app/my-account');
    expect(sessionLandingPage({ loggedIn: true, passwordExpired: false, mfaEnabled: false, configured })).toBe('/app/my-account');
  });

  it('is my-account when nothing is configured', () => {
    expect(sessionLandingPage({ loggedIn: true, passwordExpired: false, mfaEnabled: true, configured: null })).toBe('/app/my-account');
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

describe('pending account steps (ADR 017)', () => {
  const configured = '/app/retailer-selection';
  it('sends an account that must set up MFA to the set-up page, an expired password first to My Account', () => {
    const base = { loggedIn: true, passwordExpired: false, mfaEnabled: false, configured };
    expect(sessionLandingPage({ ...base, mfaSetupRequired: true })).toBe('/app/my-account/mfa');
    expect(sessionLandingPage({ ...base, passwordExpired: true, mfaSetupRequired: true })).toBe('/app/my-account');
    expect(pendingAccountStep({ passwordExpired: true, mfaSetupRequired: true })).toBe('passwordExpired');
    expect(pendingAccountStep({ passwordExpired: false, mfaSetupRequired: true })).toBe('mfaSetUp');
    expect(pendingAccountStep({ passwordExpired: false })).toBeNull();
  });
});

describe('sections by permission (SPEC 2 sidebar)', () => {
  it('opens each section to its permissions only; My Account to everyone', () => {
    const coupons = { couponingManagement: true };
    expect(maySeeSection('/app/couponing/query', coupons)).toBe(true);
    expect(maySeeSection('/app/retailer-selection', coupons)).toBe(false);
    expect(maySeeSection('/app/orders/O-1', coupons)).toBe(false);
    expect(maySeeSection('/app/order', { retailerSales: true })).toBe(false);
    expect(maySeeSection('/app/retailer-selection', { retailerSales: true })).toBe(true);
    expect(maySeeSection('/app/my-account', {})).toBe(true);
    // The customer's own administrator's Users (ADR 113): manageTeam only.
    expect(maySeeSection('/app/team/U-1', { manageTeam: true })).toBe(true);
    expect(maySeeSection('/app/team', { cardOrdering: true, retailerSales: true, couponingManagement: true })).toBe(false);
  });
});

describe('return path after sign-in (ADR 017)', () => {
  const both = { cardOrdering: true, couponingManagement: true };
  const ready = { stepPending: false, permissions: both, strongAuthentication: true };
  it('returns to the deep link when no step is pending and the user has access to its section', () => {
    expect(orderingReturnPath('/app/couponing/query?x=1', '/app/retailer-selection', ready)).toBe('/app/couponing/query?x=1');
    // Landing on My Account only for want of MFA (SPEC 2) does not hold a deep link back.
    expect(orderingReturnPath('/app/orders', '/app/my-account', { ...ready, strongAuthentication: false })).toBe('/app/orders');
  });

  it('keeps the normal landing while a step is pending or the section is closed', () => {
    expect(orderingReturnPath('/app/couponing/query', '/app/my-account', { ...ready, stepPending: true })).toBe('/app/my-account');
    expect(orderingReturnPath('/app/sales', '/app/retailer-selection', ready)).toBe('/app/retailer-selection');
    expect(orderingReturnPath('/app/couponing', '/app/my-account', { ...ready, strongAuthentication: false })).toBe('/app/my-account');
    expect(orderingReturnPath(null, '/app/couponing', ready)).toBe('/app/couponing');
  });

  it.each([
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example',
    '/app\\..\\x',
    '/connect/news',
    '/about',
    'app/x',
    '/app/../..//evil.example',
  ])('never leaves the app for %s', (requested) => {
    expect(sameOriginPath(requested, '/app')).toBeNull();
    expect(orderingReturnPath(requested, '/app/retailer-selection', ready)).toBe('/app/retailer-selection');
  });
});

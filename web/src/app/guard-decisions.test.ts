import { describe, expect, it } from 'vitest';
import { loggedOutStatus } from '../lib/auth.ts';
import { signedIn } from '../test/fixtures.ts';
import { authDecision, retailerDecision, sectionDecision, strongAuthDecision, termsDecision } from './guard-decisions.ts';
import { homeDecision, publicHomeDecision } from './home-decision.ts';

describe('authDecision (/app guard)', () => {
  it('waits for the first status, allows a signed-in user, denies otherwise', () => {
    expect(authDecision(undefined, true)).toBe('wait');
    expect(authDecision(undefined, false)).toBe('deny');
    expect(authDecision(loggedOutStatus, false)).toBe('deny');
    expect(authDecision({ ...signedIn(), user: null }, false)).toBe('deny');
    expect(authDecision(signedIn(), false)).toBe('allow');
  });
});

describe('termsDecision (the terms screen in place of the section, ADR 086)', () => {
  it('asks for the pending version once no account step comes first', () => {
    expect(termsDecision(signedIn())).toBe('allow');
    expect(termsDecision({ ...signedIn(), termsOfUsePending: 2 })).toBe('accept');
    expect(termsDecision({ ...signedIn(), termsOfUsePending: 2, passwordExpired: true })).toBe('allow');
    expect(termsDecision({ ...signedIn(), termsOfUsePending: 2, mfaSetupRequired: true })).toBe('allow');
    expect(termsDecision({ ...loggedOutStatus, termsOfUsePending: 2 })).toBe('allow');
  });
});

describe('homeDecision (/ and /connect: public, never a guard)', () => {
  it('shows the login card while signed out, without a status yet, or just after logout', () => {
    expect(homeDecision(undefined, false, false)).toBe('login');
    expect(homeDecision(undefined, true, false)).toBe('login');
    expect(homeDecision(loggedOutStatus, true, false)).toBe('login');
    expect(homeDecision({ ...signedIn(), user: null }, true, false)).toBe('login');
    expect(homeDecision(signedIn(), true, true)).toBe('login');
    expect(homeDecision(signedIn(), false, true)).toBe('login');
  });

  it('acts on a signed-in status only once the server has answered', () => {
    // A stored copy alone may be an ended session: redirecting on it would reach the /app guard.
    expect(homeDecision(signedIn(), false, false)).toBe('wait');
    expect(homeDecision(signedIn(), true, false)).toBe('signedIn');
  });
});

describe('publicHomeDecision (/ and /connect before and with the session, ADR 149)', () => {
  const session = (status: ReturnType<typeof signedIn> | undefined, settled: boolean) => ({
    status,
    settled,
    landing: '/',
    brand: undefined,
  });

  it('shows neither the card nor a signed-in screen while the first status read is out', () => {
    expect(publicHomeDecision(undefined, false, false, 'pending')).toBe('unknown');
    // The session is there but its read has not answered: the first read's word still stands.
    expect(publicHomeDecision(session(undefined, false), false, false, 'pending')).toBe('unknown');
  });

  it('waits for the session when the first read did not say signed out, or a signed-in copy is stored', () => {
    expect(publicHomeDecision(undefined, false, false, 'other')).toBe('wait');
    expect(publicHomeDecision(session(undefined, false), false, false, 'other')).toBe('wait');
    expect(publicHomeDecision(undefined, false, true, undefined)).toBe('wait');
    expect(publicHomeDecision(undefined, false, true, 'signedOut')).toBe('wait');
  });

  it('shows the card when the first read said signed out, without any first read, or just after logout', () => {
    expect(publicHomeDecision(undefined, false, false, 'signedOut')).toBe('login');
    expect(publicHomeDecision(undefined, false, false, undefined)).toBe('login');
    expect(publicHomeDecision(undefined, true, true, 'other')).toBe('login');
  });

  it('follows the session once its read has answered, whatever the first read said', () => {
    expect(publicHomeDecision(session(signedIn(), true), false, false, 'other')).toBe('signedIn');
    expect(publicHomeDecision(session(loggedOutStatus, true), false, false, 'other')).toBe('login');
    expect(publicHomeDecision(session(undefined, false), false, false, 'signedOut')).toBe('login');
    expect(publicHomeDecision(session(signedIn(), true), true, false, 'other')).toBe('login');
    // The session's read failed (offline: the first read failed too, which says 'other'): the card, with its notice.
    expect(publicHomeDecision(session(undefined, true), false, false, 'other')).toBe('login');
  });
});

describe('retailerDecision (order, questionnaire, orders, sales)', () => {
  it('needs a chosen retailer', () => {
    expect(retailerDecision(signedIn(), false)).toBe('selectRetailer');
    expect(retailerDecision(signedIn(), true)).toBe('allow');
  });

  it('is off when the ordering setting disableRetailerLevel is set', () => {
    const status = signedIn();
    status.user!.modules.ordering = { permissions: {}, settings: { disableRetailerLevel: true } };
    expect(retailerDecision(status, false)).toBe('allow');
  });
});

describe('strongAuthDecision (couponing and sales, ADR 006)', () => {
  const strong = (status: ReturnType<typeof signedIn>, flag: boolean) => ({
    ...status,
    user: { ...status.user!, strongAuthentication: flag },
  });

  it('allows a strong security flag or an active second factor', () => {
    expect(strongAuthDecision(strong(signedIn(), true))).toBe('allow');
    expect(strongAuthDecision(signedIn({ mfaStatus: 'app' }))).toBe('allow');
    expect(strongAuthDecision(signedIn({ mfaStatus: 'email' }))).toBe('allow');
  });

  it('denies a weak account without MFA, and anyone signed out', () => {
    expect(strongAuthDecision(signedIn())).toBe('deny');
    expect(strongAuthDecision(loggedOutStatus)).toBe('deny');
    expect(strongAuthDecision(undefined)).toBe('deny');
  });
});

describe('sectionDecision (ADR 017; every /app section but My Account)', () => {
  const all = { cardOrdering: true, retailerSales: true, couponingManagement: true };
  it('holds a session with a pending step to its landing page', () => {
    expect(sectionDecision(signedIn({ mfaSetupRequired: true }, all), '/app/orders')).toBe('pendingStep');
    expect(sectionDecision(signedIn({ passwordExpired: true }, all), '/app/couponing')).toBe('pendingStep');
  });

  it('lets a user into the sections their permissions open, and no other', () => {
    const coupons = signedIn({}, { couponingManagement: true });
    expect(sectionDecision(coupons, '/app/couponing/query')).toBe('allow');
    expect(sectionDecision(coupons, '/app/retailer-selection')).toBe('notPermitted');
    expect(sectionDecision(coupons, '/app/order/basket')).toBe('notPermitted');
    expect(sectionDecision(signedIn({}, all), '/app/sales')).toBe('allow');
  });
});

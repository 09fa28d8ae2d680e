import { describe, expect, it } from 'vitest';
import { loggedOutStatus } from '../lib/auth.ts';
import { signedIn } from '../test/fixtures.ts';
import { authDecision, homeDecision, retailerDecision } from './guard-decisions.ts';

describe('authDecision (/app guard)', () => {
  it('waits for the first status, allows a signed-in user, denies otherwise', () => {
    expect(authDecision(undefined, true)).toBe('wait');
    expect(authDecision(undefined, false)).toBe('deny');
    expect(authDecision(loggedOutStatus, false)).toBe('deny');
    expect(authDecision({ ...signedIn(), user: null }, false)).toBe('deny');
    expect(authDecision(signedIn(), false)).toBe('allow');
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

import { describe, expect, it } from 'vitest';
import { loggedOutStatus } from '../lib/auth.ts';
import { signedIn } from '../test/fixtures.ts';
import { authDecision, retailerDecision } from './guard-decisions.ts';

describe('authDecision (/app guard)', () => {
  it('waits for the first status, allows a signed-in user, denies otherwise', () => {
    expect(authDecision(undefined, true)).toBe('wait');
    expect(authDecision(undefined, false)).toBe('deny');
    expect(authDecision(loggedOutStatus, false)).toBe('deny');
    expect(authDecision({ ...signedIn(), user: null }, false)).toBe('deny');
    expect(authDecision(signedIn(), false)).toBe('allow');
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

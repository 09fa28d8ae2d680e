import { CONTRACT_COUPON_STATUS_LABELS, COUPON_STATUS_HINTS, COUPON_STATUS_LABELS, SERIAL_STATUS_LABELS } from '@portal/core/shared';
import { ACTION_PARTICIPLES, REFUSAL_TEXTS } from '@portal/core/couponing';
import { describe, expect, it } from 'vitest';
import { deDE, enUS } from '../../../test/catalogues.ts';
import { type MessageKey, resolveMessage } from '../../../i18n/index.ts';
import { HINTED_STATUSES, refusalText, statusHint } from './status-display.ts';

describe("couponing labels are the spec's (core) in English", () => {
  it('status labels and hints', () => {
    expect(enUS.couponing.couponStatus).toEqual({ ...COUPON_STATUS_LABELS, ...CONTRACT_COUPON_STATUS_LABELS });
    expect(enUS.couponing.serialStatus).toEqual(SERIAL_STATUS_LABELS);
    expect(enUS.couponing.couponHint).toEqual(COUPON_STATUS_HINTS);
    expect([...HINTED_STATUSES].sort()).toEqual(Object.keys(COUPON_STATUS_HINTS).sort());
  });

  it('refusal texts and participles', () => {
    expect(enUS.couponing.refusals).toEqual(REFUSAL_TEXTS);
    expect(enUS.couponing.participles).toEqual(ACTION_PARTICIPLES);
  });

  it('words a refusal in the user language with the card status and the action', () => {
    const t = (key: string, params?: Record<string, string | number>) => resolveMessage(deDE, enUS, key as MessageKey, params);
    expect(refusalText(t, { couponingStatus: 'voided' }, { action: 'void', reason: 'x', reasonCode: 'already' })).toBe(
      'Der Coupon ist bereits storniert.',
    );
    expect(refusalText(t, { couponingStatus: 'notReady' }, { action: 'redeem', reason: 'x', reasonCode: 'onlyActivated' })).toBe(
      'Nur ein aktivierter Coupon kann eingelöst werden; dieser ist nicht bereit.',
    );
    expect(refusalText(t, { couponingStatus: 'activated' }, { action: 'void', reason: null, reasonCode: null })).toBeNull();
  });

  it('hints only plain coupons (a voided contract coupon cannot be activated again)', () => {
    expect(statusHint({ contract: false, couponingStatus: 'voided' })).toBe('voided');
    expect(statusHint({ contract: true, couponingStatus: 'voided' })).toBeNull();
    expect(statusHint({ contract: false, couponingStatus: 'activated' })).toBeNull();
  });
});

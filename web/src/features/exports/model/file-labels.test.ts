import { FILE_LABELS } from '@portal/core/export';
import { describe, expect, it } from 'vitest';
import deCouponing from '../../../i18n/de-DE/couponing.json';
import deOrders from '../../../i18n/de-DE/orders.json';
import deTransactions from '../../../i18n/de-DE/transactions.json';
import enCouponing from '../../../i18n/en-US/couponing.json';
import enOrders from '../../../i18n/en-US/orders.json';
import enTransactions from '../../../i18n/en-US/transactions.json';

/** ADR 054: export and report files label codes as the screens do (core FILE_LABELS = the catalogues' texts). */
describe('file labels are the screens’ labels', () => {
  it('transaction results', () => {
    expect(FILE_LABELS.transactionResult.en).toEqual(enTransactions.transactions.results);
    expect(FILE_LABELS.transactionResult.de).toEqual(deTransactions.transactions.results);
  });
  it('coupon statuses', () => {
    expect(FILE_LABELS.couponStatus.en).toEqual(enCouponing.couponing.couponStatus);
    expect(FILE_LABELS.couponStatus.de).toEqual(deCouponing.couponing.couponStatus);
  });
  it('order statuses', () => {
    expect(FILE_LABELS.orderStatus.en).toEqual(enOrders.orders.status);
    expect(FILE_LABELS.orderStatus.de).toEqual(deOrders.orders.status);
  });
});

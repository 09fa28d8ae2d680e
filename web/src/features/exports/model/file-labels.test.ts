import { FILE_LABELS } from '@portal/core/export';
import { describe, expect, it } from 'vitest';
import deAudit from '../../../i18n/de-DE/audit.json';
import deCouponing from '../../../i18n/de-DE/couponing.json';
import deOrders from '../../../i18n/de-DE/orders.json';
import deTransactions from '../../../i18n/de-DE/transactions.json';
import enAudit from '../../../i18n/en-US/audit.json';
import enCouponing from '../../../i18n/en-US/couponing.json';
import enOrders from '../../../i18n/en-US/orders.json';
import enTransactions from '../../../i18n/en-US/transactions.json';
import frAudit from '../../../i18n/fr-FR/audit.json';
import plAudit from '../../../i18n/pl-PL/audit.json';

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
  it("audit log kinds (ADR 116), the catalogues' groups flattened to the kinds' dotted names", () => {
    const flat = (groups: Record<string, Record<string, string>>) =>
      Object.fromEntries(
        Object.entries(groups).flatMap(([group, kinds]) => Object.entries(kinds).map(([kind, text]) => [`${group}.${kind}`, text])),
      );
    expect(FILE_LABELS.auditKind.en).toEqual(flat(enAudit.audit.kindNames));
    expect(FILE_LABELS.auditKind.de).toEqual(flat(deAudit.audit.kindNames));
    // The audit export writes every locale of its catalogue (ADR 122).
    expect(FILE_LABELS.auditKind.pl).toEqual(flat(plAudit.audit.kindNames));
    expect(FILE_LABELS.auditKind.fr).toEqual(flat(frAudit.audit.kindNames));
  });
  it('order statuses', () => {
    expect(FILE_LABELS.orderStatus.en).toEqual(enOrders.orders.status);
    expect(FILE_LABELS.orderStatus.de).toEqual(deOrders.orders.status);
  });
});

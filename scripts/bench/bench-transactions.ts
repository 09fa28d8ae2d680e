import { gtinCheckDigit } from '@portal/core/shared';

/**
 * The where and when of synthetic bench transaction `i` of `n`: spread evenly over `span` ms from `from`,
 * over four stores, eight terminals and the four types. The benches add results, serials and amounts.
 */
export function benchTransactionBase(i: number, n: number, window: { from: number; span: number; customerId: string }) {
  return {
    transactionId: `B-${i}`,
    at: new Date(window.from + Math.floor((i / n) * window.span)).toISOString(),
    customerId: window.customerId,
    storeId: `ST-${i % 4}`,
    terminalId: `POS-${i % 8}`,
    type: ['activation', 'redemption', 'sale', 'refund'][i % 4]!,
  };
}

/** The GTIN of bench product `k` (40…k with its check digit). */
export const benchEan = (k: number) => `${`40${String(k).padStart(10, '0')}`}${gtinCheckDigit(`40${String(k).padStart(10, '0')}`)}`;

/** The retailer, the four transaction types and three products the bench transactions name, through `ok` (an import). */
export async function loadBenchMasterData(ok: (kind: string, records: object[]) => Promise<unknown>, customerId: string) {
  await ok('retailers', [{ customerId, name: 'Bench Markets' }]);
  await ok(
    'transactionTypes',
    ['activation', 'redemption', 'sale', 'refund'].map((id) => ({ transactionTypeId: id, name: id })),
  );
  await ok(
    'products',
    [1, 2, 3].map((k) => ({
      productId: `P-${k}`,
      ean: benchEan(k),
      inventoryProductId: `I-${k}`,
      sku: `S-${k}`,
      name: `Card ${k}`,
      company: 'Bench',
    })),
  );
}

/** The result, card and amount of synthetic bench transaction `i` (export.ts's load, export-writers.ts's rows). */
export const benchTransactionFacts = (i: number) => ({
  resultCode: i % 5 === 3 ? '05' : '00',
  result: i % 5 === 3 ? 'declined' : 'approved',
  serial: `76${String(i % 5000).padStart(14, '0')}`,
  ean: benchEan((i % 3) + 1),
  amount: 1000 + (i % 9000),
  currency: 'EUR',
});

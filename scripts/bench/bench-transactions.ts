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

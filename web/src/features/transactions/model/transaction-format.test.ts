import { describe, expect, it } from 'vitest';
import { amountText, currencySymbol, typeName } from './transaction-format.ts';

const NBSP = '\u00a0';
const currencies = [
  { currencyId: 'EUR', name: 'Euro', decimals: 2 },
  { currencyId: 'JPY', name: 'Yen', decimals: 0 },
  { currencyId: 'KWD', name: 'Dinar', decimals: 3 },
];

describe('transaction values on screen', () => {
  it('formats minor units with the currency decimals from master data', () => {
    expect(amountText({ amount: 1250, currency: 'EUR' }, currencies, 'en-US')).toBe('€12.50');
    expect(amountText({ amount: 1250, currency: 'EUR' }, currencies, 'de-DE')).toBe(`12,50${NBSP}€`);
    expect(amountText({ amount: 1250, currency: 'JPY' }, currencies, 'en-US')).toBe('¥1,250');
    expect(amountText({ amount: 1250, currency: 'KWD' }, currencies, 'en-US')).toBe('KWD 1.250'.replace(' ', NBSP));
    expect(amountText({ amount: -500, currency: 'EUR' }, currencies, 'en-US')).toBe('-€5.00');
  });

  it('uses 2 decimals for a currency master data does not list', () => {
    expect(amountText({ amount: 1999, currency: 'PLN' }, [], 'pl-PL')).toBe(`19,99${NBSP}zł`);
    expect(currencySymbol('XYZ1', 'en-US')).toBe('XYZ1');
  });

  it('names a type by master data, else by its id', () => {
    const types = [{ transactionTypeId: 'top-up', name: 'Top-up' }];
    expect(typeName('top-up', types)).toBe('Top-up');
    expect(typeName('refund', types)).toBe('refund');
  });
});

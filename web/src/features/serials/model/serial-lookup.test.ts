import { parseSerialList, serialListIssueKind } from '@portal/core/couponing';
import { describe, expect, it } from 'vitest';
import { amountText, lookupCounts, paramsOfSerials, serialsOfParams, textOfSerials, typeName } from './serial-lookup.ts';

const currencies = [
  { currencyId: 'EUR', name: 'Euro', decimals: 2 },
  { currencyId: 'JPY', name: 'Yen', decimals: 0 },
];

describe('the serials in the URL', () => {
  it('round-trip through the parameters and the box, read by core’s parser (bad and surplus entries left out)', () => {
    const serials = ['7000100000000011', '7000100000000012'];
    expect(serialsOfParams(paramsOfSerials(serials))).toEqual(serials);
    expect(parseSerialList(textOfSerials(serials)).serials).toEqual(serials);
    expect(serialsOfParams(new URLSearchParams('serials=7000-1000-0000-0011,abc,7000100000000011'))).toEqual(['7000100000000011']);
    const many = Array.from({ length: 120 }, (_, i) => `70001000000${String(i).padStart(5, '0')}`);
    expect(serialsOfParams(paramsOfSerials(many))).toHaveLength(100);
    expect(serialsOfParams(new URLSearchParams())).toEqual([]);
  });

  it('names what is wrong with a bad line: its format, or the limit', () => {
    const many = Array.from({ length: 101 }, (_, i) => `70001000000${String(i).padStart(5, '0')}`);
    const list = parseSerialList(['12ab', ...many].join('\n'));
    expect(list.issues.map(serialListIssueKind)).toEqual(['format', 'tooMany']);
  });
});

describe('the values shown', () => {
  it('writes amounts in minor units with the currency’s decimals and the locale’s format', () => {
    expect(amountText({ amount: 2500, currency: 'EUR' }, currencies, 'en-US')).toBe('€25.00');
    expect(amountText({ amount: -1999, currency: 'EUR' }, currencies, 'de-de')).toBe('-19,99\u00a0€');
    expect(amountText({ amount: 500, currency: 'JPY' }, currencies, 'en-US')).toBe('¥500');
    // Not in master data: 2 decimals; not a currency Intl knows: the code after the number.
    expect(amountText({ amount: 1234, currency: 'PLN' }, currencies, 'en-US')).toBe('PLN\u00a012.34');
    expect(amountText({ amount: 1234, currency: 'X1' }, undefined, 'en-US')).toBe('12.34 X1');
  });

  it('names a type by master data, else by its id; counts found and not found', () => {
    expect(typeName('activation', [{ transactionTypeId: 'activation', name: 'Activation' }])).toBe('Activation');
    expect(typeName('top-up', undefined)).toBe('top-up');
    expect(
      lookupCounts([
        { serial: 'a', found: true, cards: [], transactions: [] },
        { serial: 'b', found: false, cards: [], transactions: [] },
      ]),
    ).toEqual({
      found: 1,
      notFound: 1,
    });
  });
});

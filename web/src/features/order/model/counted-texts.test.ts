import { describe, expect, it } from 'vitest';
import deOrder from '../../../i18n/de-DE/order.json';
import enOrder from '../../../i18n/en-US/order.json';
import frOrder from '../../../i18n/fr-FR/order.json';
import plCouponing from '../../../i18n/pl-PL/couponing.json';
import plOrder from '../../../i18n/pl-PL/order.json';
import plSales from '../../../i18n/pl-PL/sales.json';
import { type Messages, resolveMessage } from '../../../i18n/index.ts';

/** The ordering catalogues' counted texts pick the locale's plural form by `count` (ADR 088), never "1 lines". */
const text = (messages: unknown, locale: string, key: string, params: Record<string, number>) =>
  resolveMessage(messages as Messages, enOrder as Messages, key, params, locale);

describe('counted texts of the ordering catalogues', () => {
  it('basket lines: one and other in English and German', () => {
    expect(text(enOrder, 'en-US', 'order.summary.lines', { count: 1 })).toBe('1 line');
    expect(text(enOrder, 'en-US', 'order.summary.lines', { count: 2 })).toBe('2 lines');
    expect(text(deOrder, 'de-DE', 'order.summary.lines', { count: 1 })).toBe('1 Position');
    expect(text(deOrder, 'de-DE', 'order.summary.lines', { count: 7 })).toBe('7 Positionen');
  });

  it('French counts 0 and 1 as one', () => {
    expect(text(frOrder, 'fr-FR', 'order.summary.lines', { count: 0 })).toBe('0 ligne');
    expect(text(frOrder, 'fr-FR', 'order.summary.lines', { count: 1 })).toBe('1 ligne');
    expect(text(frOrder, 'fr-FR', 'order.summary.lines', { count: 2 })).toBe('2 lignes');
  });

  it('Polish takes one, few and many', () => {
    const lines = (count: number) => text(plOrder, 'pl-PL', 'order.summary.lines', { count });
    expect([1, 2, 4, 5, 12, 22, 25].map(lines)).toEqual([
      '1 pozycja',
      '2 pozycje',
      '4 pozycje',
      '5 pozycji',
      '12 pozycji',
      '22 pozycje',
      '25 pozycji',
    ]);
    expect(text(plOrder, 'pl-PL', 'order.products.suggestedApplied', { count: 1 })).toBe('Ustawiono sugerowaną ilość dla 1 produktu.');
    expect(text(plOrder, 'pl-PL', 'order.products.count', { shown: 3, total: 24, count: 24 })).toBe('3 z 24 produktów');
    expect(text(plSales, 'pl-PL', 'sales.errors.rangeTooLong', { days: 366, count: 366 })).toBe('Wybierz okres nie dłuższy niż 366 dni.');
    expect(text(plCouponing, 'pl-PL', 'couponing.filter.tooMany', { max: 3, count: 3 })).toBe(
      'Jednorazowo można sprawdzić najwyżej 3 numery seryjne.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { dateTimeFormat, madeOnce, numberFormat } from './intl-formats.ts';

describe('Intl formats made once', () => {
  it('hands out the same number and date format for the same locale and options', () => {
    expect(numberFormat('de-DE', { maximumFractionDigits: 2 })).toBe(numberFormat('de-DE', { maximumFractionDigits: 2 }));
    expect(numberFormat('de-DE', { maximumFractionDigits: 2 })).not.toBe(numberFormat('de-DE', { maximumFractionDigits: 1 }));
    expect(dateTimeFormat('de-DE', { dateStyle: 'medium' })).toBe(dateTimeFormat('de-DE', { dateStyle: 'medium' }));
    expect(numberFormat('de-DE', { minimumFractionDigits: 2 }).format(1234.5)).toBe('1.234,50');
  });

  it('reads a malformed locale as en-US and still refuses options Intl refuses', () => {
    expect(numberFormat('not a locale!', { minimumFractionDigits: 2 }).format(1234.5)).toBe('1,234.50');
    expect(() => numberFormat('de-DE', { style: 'currency', currency: 'EURO' })).toThrow(RangeError);
    expect(dateTimeFormat('not a locale!', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 2, 4))).toBe('Mar 4, 2026');
  });

  it('leaves out a time zone Intl does not know rather than failing', () => {
    const format = dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'Mars/Olympus' });
    expect(format.resolvedOptions().timeZone).not.toBe('Mars/Olympus');
  });

  it('madeOnce remembers a false answer, and asks a throwing maker again', () => {
    let calls = 0;
    const known = madeOnce((key) => {
      calls += 1;
      if (key === 'boom' && calls < 4) throw new Error('not yet');
      return key === 'yes' ? true : key === 'boom' ? 'late' : false;
    });
    expect([known('no'), known('no'), known('yes'), known('yes')]).toEqual([false, false, true, true]);
    expect(calls).toBe(2);
    expect(() => known('boom')).toThrow('not yet');
    expect(known('boom')).toBe('late');
    expect(known('boom')).toBe('late');
    expect(calls).toBe(4);
  });
});

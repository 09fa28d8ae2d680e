import { describe, expect, it } from 'vitest';
import { cardRefOf } from './serial-check.ts';

describe('cardRefOf: the card a Details URL names', () => {
  it('reads serial and EAN, normalising the serial as the Filter step does', () => {
    expect(cardRefOf(new URLSearchParams('serial=7000100000000012&ean=4012345100020'))).toEqual({
      serial: '7000100000000012',
      ean: '4012345100020',
    });
    expect(cardRefOf(new URLSearchParams('serial=7000-1000-0000-0012'))).toEqual({ serial: '7000100000000012', ean: '' });
  });

  it('is null without a serial number', () => {
    expect(cardRefOf(new URLSearchParams(''))).toBeNull();
    expect(cardRefOf(new URLSearchParams('serial=12ab'))).toBeNull();
  });
});

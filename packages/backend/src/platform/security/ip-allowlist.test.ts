import { describe, expect, it } from 'vitest';
import { isAddressAllowed, isAllowlistEntry } from './ip-allowlist.ts';

describe('IP allowlist', () => {
  it('allows everyone when empty and matches addresses and ranges of both families', () => {
    expect(isAddressAllowed('203.0.113.5', [])).toBe(true);
    expect(isAddressAllowed('203.0.113.5', ['203.0.113.0/24'])).toBe(true);
    expect(isAddressAllowed('203.0.114.5', ['203.0.113.0/24'])).toBe(false);
    expect(isAddressAllowed('198.51.100.7', ['198.51.100.7'])).toBe(true);
    expect(isAddressAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(isAddressAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(isAddressAllowed(undefined, ['203.0.113.0/24'])).toBe(false);
  });

  it('validates entries', () => {
    expect(['10.0.0.0/8', '::1', '2001:db8::/48', '192.0.2.1'].every(isAllowlistEntry)).toBe(true);
    expect(['10.0.0.0/33', 'host.example', '10.0.0.0/8/1', '10.0.0/8', '::/129', '1.2.3.4/x'].some(isAllowlistEntry)).toBe(false);
  });
});

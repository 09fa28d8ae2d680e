import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodedAccessSchema } from './contracts.ts';
import {
  decodeAccess,
  decodeFlags,
  encodeFlags,
  FLOW_PERMISSIONS,
  GENERAL_PERMISSIONS,
  GENERAL_SETTINGS,
  hasBit,
  hasModulePermission,
  hasModuleSetting,
  hasPermission,
  hasSetting,
  hasStrongAuthentication,
  ORDERING_PERMISSIONS,
  ORDERING_SETTINGS,
  orderingStoreType,
  SECURITY_FLAGS,
} from './flags.ts';

const trueNames = (decoded: Record<string, boolean>) =>
  Object.entries(decoded)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .sort();

describe('decodeFlags', () => {
  it('decodes 2^24 as orderManagement only', () => {
    expect(trueNames(decodeFlags(GENERAL_PERMISSIONS, 2 ** 24))).toEqual(['orderManagement']);
  });

  it('decodes 2^25 as orderCancellation only', () => {
    expect(trueNames(decodeFlags(GENERAL_PERMISSIONS, 2 ** 25))).toEqual(['orderCancellation']);
  });

  it('decodes the high bits together with low bits', () => {
    const value = 2 ** 25 + 2 ** 24 + 2 ** 20 + 2 + 1;
    expect(trueNames(decodeFlags(GENERAL_PERMISSIONS, value))).toEqual(
      ['bulkActivation', 'listProducts', 'orderCancellation', 'orderManagement', 'sale'].sort(),
    );
  });

  it('names every flag of the map, false when unset', () => {
    const decoded = decodeFlags(ORDERING_PERMISSIONS, 0);
    expect(decoded).toEqual({
      couponingManagement: false,
      couponingCancellation: false,
      cardOrdering: false,
      retailerSales: false,
      manageTeam: false,
    });
  });

  it('ignores bits the map does not name', () => {
    // 16 and 64 are not general settings; 2^26 is beyond the permission map.
    expect(trueNames(decodeFlags(GENERAL_SETTINGS, 16 + 64))).toEqual([]);
    expect(trueNames(decodeFlags(GENERAL_PERMISSIONS, 2 ** 26 + 4))).toEqual(['refund']);
  });

  it('is not fooled by 32-bit overflow: bits above 2^31 do not alias low bits', () => {
    expect(trueNames(decodeFlags(GENERAL_PERMISSIONS, 2 ** 32 + 2 ** 25))).toEqual(['orderCancellation']);
    expect(trueNames(decodeFlags(GENERAL_PERMISSIONS, 2 ** 31))).toEqual([]);
  });

  it('rejects negative, fractional and non-finite values', () => {
    expect(() => decodeFlags(GENERAL_PERMISSIONS, -1)).toThrow(RangeError);
    expect(() => decodeFlags(GENERAL_PERMISSIONS, 1.5)).toThrow(RangeError);
    expect(() => decodeFlags(GENERAL_PERMISSIONS, Number.NaN)).toThrow(RangeError);
    expect(() => hasBit(Number.POSITIVE_INFINITY, 1)).toThrow(RangeError);
  });

  it('round-trips any subset of names through encodeFlags', () => {
    const names = Object.keys(GENERAL_PERMISSIONS) as (keyof typeof GENERAL_PERMISSIONS)[];
    fc.assert(
      fc.property(fc.subarray(names), (subset) => {
        expect(trueNames(decodeFlags(GENERAL_PERMISSIONS, encodeFlags(GENERAL_PERMISSIONS, subset)))).toEqual([...subset].sort());
      }),
    );
  });

  it('encodes a name given twice once', () => {
    expect(encodeFlags(ORDERING_PERMISSIONS, ['cardOrdering', 'cardOrdering', 'retailerSales'])).toBe(12);
  });
});

describe('hasStrongAuthentication', () => {
  it.each(['medium', 'strong', 'restricted', 'private'] as const)('holds when %s is set', (flag) => {
    expect(hasStrongAuthentication(SECURITY_FLAGS[flag])).toBe(true);
    expect(hasStrongAuthentication(SECURITY_FLAGS[flag] + SECURITY_FLAGS.weak + SECURITY_FLAGS.global)).toBe(true);
  });

  it('does not hold for the other flags alone or combined', () => {
    const others = encodeFlags(SECURITY_FLAGS, [
      'unrestricted',
      'weak',
      'uncritical',
      'confidential',
      'critical',
      'low',
      'normal',
      'high',
      'global',
    ]);
    expect(hasStrongAuthentication(0)).toBe(false);
    expect(hasStrongAuthentication(SECURITY_FLAGS.weak)).toBe(false);
    expect(hasStrongAuthentication(SECURITY_FLAGS.unrestricted)).toBe(false);
    expect(hasStrongAuthentication(others)).toBe(false);
  });
});

describe('decodeAccess', () => {
  const access = decodeAccess({
    securityFlag: SECURITY_FLAGS.strong + SECURITY_FLAGS.high,
    permissions: GENERAL_PERMISSIONS.orderManagement + GENERAL_PERMISSIONS.listProducts,
    settings: GENERAL_SETTINGS.showLastLoginIp,
    modules: { ordering: { permissions: 4 + 1, settings: ORDERING_SETTINGS.disableRetailerLevel } },
  });

  it('produces the shape of DecodedAccessSchema', () => {
    expect(DecodedAccessSchema.parse(access)).toEqual(access);
  });

  it('decodes security, permissions, settings and strong authentication', () => {
    expect(trueNames(access.security)).toEqual(['high', 'strong']);
    expect(access.strongAuthentication).toBe(true);
    expect(trueNames(access.permissions)).toEqual(['listProducts', 'orderManagement']);
    expect(trueNames(access.settings)).toEqual(['showLastLoginIp']);
  });

  it('decodes the modules the user has', () => {
    expect(trueNames(access.modules.ordering.permissions)).toEqual(['cardOrdering', 'couponingManagement']);
    expect(trueNames(access.modules.ordering.settings)).toEqual(['disableRetailerLevel']);
  });

  it('decodes a module the user lacks to all-false', () => {
    expect(access.modules.flow.permissions).toEqual(Object.fromEntries(Object.keys(FLOW_PERMISSIONS).map((name) => [name, false])));
    expect(access.modules.flow.settings).toEqual({});
  });

  it('reports no strong authentication for a weak security flag', () => {
    const weak = decodeAccess({
      securityFlag: SECURITY_FLAGS.weak,
      permissions: 0,
      settings: 0,
      modules: {},
    });
    expect(weak.strongAuthentication).toBe(false);
    expect(trueNames(weak.modules.ordering.permissions)).toEqual([]);
  });
});

describe('permission lookups', () => {
  const { modules, permissions, settings } = decodeAccess({
    securityFlag: 0,
    permissions: GENERAL_PERMISSIONS.orderCancellation,
    settings: GENERAL_SETTINGS.silentPrinting,
    modules: {
      ordering: {
        permissions: ORDERING_PERMISSIONS.retailerSales,
        settings: ORDERING_SETTINGS.showStoreList,
      },
      flow: { permissions: FLOW_PERMISSIONS.approveRequests, settings: 0 },
    },
  });

  it('finds set module permissions and settings', () => {
    expect(hasModulePermission(modules, 'ordering', 'retailerSales', false)).toBe(true);
    expect(hasModulePermission(modules, 'flow', 'approveRequests', false)).toBe(true);
    expect(hasModuleSetting(modules, 'ordering', 'showStoreList', false)).toBe(true);
  });

  it('returns false for unset flags and missing modules', () => {
    expect(hasModulePermission(modules, 'ordering', 'cardOrdering', false)).toBe(false);
    expect(hasModulePermission({}, 'flow', 'doRequests', false)).toBe(false);
    expect(hasModulePermission(null, 'ordering', 'retailerSales', false)).toBe(false);
    expect(hasModuleSetting(undefined, 'ordering', 'showStoreList', false)).toBe(false);
  });

  it('returns false for everything when authorization has failed', () => {
    expect(hasModulePermission(modules, 'ordering', 'retailerSales', true)).toBe(false);
    expect(hasModulePermission(modules, 'flow', 'approveRequests', true)).toBe(false);
    expect(hasModuleSetting(modules, 'ordering', 'showStoreList', true)).toBe(false);
    expect(hasPermission(permissions, 'orderCancellation', true)).toBe(false);
    expect(hasSetting(settings, 'silentPrinting', true)).toBe(false);
  });

  it('finds general permissions and settings while authorized', () => {
    expect(hasPermission(permissions, 'orderCancellation', false)).toBe(true);
    expect(hasPermission(permissions, 'orderManagement', false)).toBe(false);
    expect(hasSetting(settings, 'silentPrinting', false)).toBe(true);
    expect(hasSetting(settings, 'disableBalanceCheck', false)).toBe(false);
  });
});

describe('orderingStoreType', () => {
  it('is 0 with showStoreList and 1 (distribution centers) without', () => {
    expect(orderingStoreType(decodeFlags(ORDERING_SETTINGS, ORDERING_SETTINGS.showStoreList))).toBe(0);
    expect(orderingStoreType(decodeFlags(ORDERING_SETTINGS, ORDERING_SETTINGS.showAirsColumn))).toBe(1);
  });
});

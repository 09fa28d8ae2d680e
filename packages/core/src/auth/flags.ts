/**
 * Permission and setting bit flags (SPEC 6). A user's security flag, permission number and setting
 * number are sums of the bit values below; they are decoded into named booleans, globally and per module.
 *
 * Bits are tested arithmetically (`Math.floor(value / bit) % 2`), not with `&`: JavaScript's bitwise
 * operators work on signed 32-bit integers, which would turn 2^31 negative and silently drop anything
 * above it. The arithmetic form is exact for every non-negative safe integer.
 */

/** A name -> bit value map. Every value is a power of two. */
export type FlagMap = Readonly<Record<string, number>>;
/** The decoded form of a flag map: one boolean per name. */
export type DecodedFlags<M extends FlagMap> = { [K in keyof M]: boolean };

export const SECURITY_FLAGS = {
  unrestricted: 1,
  restricted: 2,
  private: 4,
  weak: 8,
  medium: 16,
  strong: 32,
  uncritical: 64,
  confidential: 128,
  critical: 256,
  low: 512,
  normal: 1024,
  high: 2048,
  global: 4096,
} as const;
export type SecurityFlagName = keyof typeof SECURITY_FLAGS;

export const ORDERING_PERMISSIONS = {
  couponingManagement: 1,
  couponingCancellation: 2,
  cardOrdering: 4,
  retailerSales: 8,
  /** The customer's own administrator: its team (Users) and its audit log in the ordering portal (ADR 113). */
  manageTeam: 16,
} as const;
export type OrderingPermissionName = keyof typeof ORDERING_PERMISSIONS;

export const ORDERING_SETTINGS = {
  /** Stores are listed directly (store type 0); otherwise the retailer's distribution centers (store type 1). */
  showStoreList: 1,
  showAirsColumn: 2,
  showStockWarning: 4,
  disableRetailerProductCheck: 8,
  disableQuestionnaire: 16,
  disableRetailerLevel: 32,
} as const;
export type OrderingSettingName = keyof typeof ORDERING_SETTINGS;

export const GENERAL_PERMISSIONS = {
  listProducts: 1,
  sale: 2,
  refund: 4,
  txnHistoryStore: 8,
  txnHistoryStores: 16,
  txnAuthDisabled: 32,
  bulkOrdering: 64,
  bulkOrderingHistoryStore: 128,
  bulkOrderingHistoryStores: 256,
  bulkOrderingOrderDownloads: 512,
  bulkOrderingOrderEmailNotification: 1024,
  bulkTopUp: 2048,
  bulkTopUpHistoryStore: 4096,
  bulkTopUpHistoryStores: 8192,
  tools: 16384,
  toolsUniversalProtocol: 32768,
  bulkActivation: 1048576,
  orderManagement: 16777216,
  orderCancellation: 33554432,
} as const;
export type GeneralPermissionName = keyof typeof GENERAL_PERMISSIONS;

export const GENERAL_SETTINGS = {
  silentPrinting: 1,
  txnCommentsEnabled: 2,
  isolatedTxnHistory: 4,
  showLastLoginIp: 8,
  disableBalanceCheck: 32,
  txnEmailInputEnabled: 128,
} as const;
export type GeneralSettingName = keyof typeof GENERAL_SETTINGS;

export const FLOW_PERMISSIONS = {
  doRequests: 1,
  approveRequests: 2,
  editCompanyProfile: 4,
  editCompanyAssets: 8,
  editCompanyDocuments: 16,
  editWorkflows: 32,
} as const;
export type FlowPermissionName = keyof typeof FLOW_PERMISSIONS;

/** The spec names no flow module settings; the map is empty so flow settings decode to `{}`. */
export const FLOW_SETTINGS = {} as const satisfies FlagMap;

/*
 * The connect modules (SPEC 6 names them; their bit maps are "not shown"): our own bits, chosen in ADR 031.
 * Each names what it opens or allows; connect-sections.ts maps them onto the connect portal's sections.
 */
export const PAYMENT_PERMISSIONS = {
  /** The Transactions section: the customer's terminal transactions. */
  transactions: 1,
  /** The Serial Numbers section: look a serial up with its status and transactions. */
  serialLookup: 2,
  /** Export of a transaction list (CSV/XLSX export job). */
  transactionExport: 4,
} as const;
export const ATM_PERMISSIONS = {
  /** ATM (cash) transactions, listed in the Transactions section. */
  transactions: 1,
} as const;
export const LICENSE_MANAGEMENT_PERMISSIONS = {
  viewLicenses: 1,
  manageLicenses: 2,
} as const;
export const SALES_REPORTING_PERMISSIONS = {
  /** The Sales section: sales per customer by day, week, month, product and store. */
  sales: 1,
  salesExport: 2,
} as const;
export const REPORT_MANAGEMENT_PERMISSIONS = {
  /** The Reports section: report files and their download. */
  reports: 1,
  /** Scheduled e-mail delivery of reports. */
  schedule: 2,
  /** Report recipients and contacts. */
  recipients: 4,
} as const;
export const PRODUCT_MANAGEMENT_PERMISSIONS = {
  /** The connect product list (min/max/face value, ESP, ...). */
  viewProducts: 1,
  /** The Product Allocation section. */
  allocation: 2,
  margins: 4,
  authorization: 8,
  /** Ask for allocation changes (allocation, deallocation, product change, ...; ADR 087). */
  requestAllocationChanges: 16,
  /** Approve or reject the allocation changes of customers one may act for (ADR 087). */
  approveAllocationChanges: 32,
} as const;
export const CONTENT_PERMISSIONS = {
  /** Writing news for the customers (the News section's editor, ADR 081); reading news needs no bit. */
  publishNews: 1,
  /** The supplier's side of the Documents section: upload to and delete in any customer's folder it may act for (ADR 082). */
  manageDocuments: 2,
} as const;
export const TEAM_PERMISSIONS = {
  /** The customer's own administrator: its team (Users) and its audit log in the connect portal (ADR 113). */
  manageTeam: 1,
} as const;
/** No connect module settings are known; each settings map is empty, like flow's. */
const NO_SETTINGS = {} as const satisfies FlagMap;

/**
 * The modules and their bit maps: the spec's (ordering, flow) and ours for the connect modules (ADR 031).
 * The one place a module is added: decoded access, the stored account's module fields and the admin
 * tool's flag names all follow this map.
 */
export const MODULE_FLAGS = {
  ordering: { permissions: ORDERING_PERMISSIONS, settings: ORDERING_SETTINGS },
  flow: { permissions: FLOW_PERMISSIONS, settings: FLOW_SETTINGS },
  payment: { permissions: PAYMENT_PERMISSIONS, settings: NO_SETTINGS },
  atm: { permissions: ATM_PERMISSIONS, settings: NO_SETTINGS },
  licenseManagement: { permissions: LICENSE_MANAGEMENT_PERMISSIONS, settings: NO_SETTINGS },
  salesReporting: { permissions: SALES_REPORTING_PERMISSIONS, settings: NO_SETTINGS },
  reportManagement: { permissions: REPORT_MANAGEMENT_PERMISSIONS, settings: NO_SETTINGS },
  productManagement: { permissions: PRODUCT_MANAGEMENT_PERMISSIONS, settings: NO_SETTINGS },
  content: { permissions: CONTENT_PERMISSIONS, settings: NO_SETTINGS },
  team: { permissions: TEAM_PERMISSIONS, settings: NO_SETTINGS },
} as const;
export type ModuleName = keyof typeof MODULE_FLAGS;
export const MODULE_NAMES = Object.keys(MODULE_FLAGS).filter((name): name is ModuleName => Object.hasOwn(MODULE_FLAGS, name));
export type ModulePermissionName<M extends ModuleName> = keyof (typeof MODULE_FLAGS)[M]['permissions'] & string;
export type ModuleSettingName<M extends ModuleName> = keyof (typeof MODULE_FLAGS)[M]['settings'] & string;

function assertFlagValue(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`A flag value must be a non-negative safe integer, got ${value}`);
  }
}

/** True when `bit` (a power of two) is set in `value`. Exact beyond 32 bits. */
export function hasBit(value: number, bit: number): boolean {
  assertFlagValue(value);
  return Math.floor(value / bit) % 2 === 1;
}

/** Decodes `value` against `map`: every name of the map, true where its bit is set. Unknown bits are ignored. */
export function decodeFlags<M extends FlagMap>(map: M, value: number): DecodedFlags<M> {
  assertFlagValue(value);
  const out: Record<string, boolean> = {};
  for (const [name, bit] of Object.entries(map)) out[name] = Math.floor(value / bit) % 2 === 1;
  return out as DecodedFlags<M>;
}

/** The inverse of decodeFlags: the sum of the named bits (each counted once). */
export function encodeFlags<M extends FlagMap>(map: M, names: Iterable<keyof M & string>): number {
  let total = 0;
  for (const name of new Set(names)) total += map[name] ?? 0;
  return total;
}

/** Strong authentication holds if medium, strong, restricted or private is set (SPEC 6). */
export function hasStrongAuthentication(securityFlag: number): boolean {
  return (
    hasBit(securityFlag, SECURITY_FLAGS.medium) ||
    hasBit(securityFlag, SECURITY_FLAGS.strong) ||
    hasBit(securityFlag, SECURITY_FLAGS.restricted) ||
    hasBit(securityFlag, SECURITY_FLAGS.private)
  );
}

export interface RawModuleFlags {
  permissions: number;
  settings: number;
}

export interface RawAccess {
  securityFlag: number;
  permissions: number;
  settings: number;
  /** Only the modules the user has; a missing module decodes to all-false. */
  modules: Partial<Record<ModuleName, RawModuleFlags>>;
}

/** One module's flags, decoded with its maps in MODULE_FLAGS. */
export type DecodedModule<M extends ModuleName> = {
  permissions: DecodedFlags<(typeof MODULE_FLAGS)[M]['permissions']>;
  settings: DecodedFlags<(typeof MODULE_FLAGS)[M]['settings']>;
};
/** Every module of MODULE_FLAGS, decoded: adding a module there adds it here. */
export type DecodedModules = { [M in ModuleName]: DecodedModule<M> };

export interface DecodedAccess {
  security: DecodedFlags<typeof SECURITY_FLAGS>;
  strongAuthentication: boolean;
  permissions: DecodedFlags<typeof GENERAL_PERMISSIONS>;
  settings: DecodedFlags<typeof GENERAL_SETTINGS>;
  modules: DecodedModules;
}

/** Decodes everything a session carries (matches `DecodedAccessSchema` in contracts.ts). */
export function decodeAccess(raw: RawAccess): DecodedAccess {
  return {
    security: decodeFlags(SECURITY_FLAGS, raw.securityFlag),
    strongAuthentication: hasStrongAuthentication(raw.securityFlag),
    permissions: decodeFlags(GENERAL_PERMISSIONS, raw.permissions),
    settings: decodeFlags(GENERAL_SETTINGS, raw.settings),
    modules: Object.fromEntries(
      MODULE_NAMES.map((name) => {
        const maps: { permissions: FlagMap; settings: FlagMap } = MODULE_FLAGS[name];
        const flags = raw.modules[name];
        return [
          name,
          {
            permissions: decodeFlags(maps.permissions, flags?.permissions ?? 0),
            settings: decodeFlags(maps.settings, flags?.settings ?? 0),
          },
        ];
      }),
    ) as DecodedModules,
  };
}

/** Decoded module flags as they arrive from the session (loosely typed, as `SessionUser.modules` is). */
export type DecodedModulesLike = Readonly<
  Partial<Record<string, { permissions: Readonly<Record<string, boolean>>; settings: Readonly<Record<string, boolean>> } | undefined>>
>;

/**
 * A module permission of the decoded session. False when authorization has failed (SPEC 6), when the
 * module is absent, or when the flag is unset.
 */
export function hasModulePermission<M extends ModuleName>(
  modules: DecodedModulesLike | null | undefined,
  module: M,
  permission: ModulePermissionName<M>,
  authorizationFailed: boolean,
): boolean {
  if (authorizationFailed) return false;
  return modules?.[module]?.permissions[permission] === true;
}

/** A module setting of the decoded session; false when authorization has failed. */
export function hasModuleSetting<M extends ModuleName>(
  modules: DecodedModulesLike | null | undefined,
  module: M,
  setting: ModuleSettingName<M>,
  authorizationFailed: boolean,
): boolean {
  if (authorizationFailed) return false;
  return modules?.[module]?.settings[setting] === true;
}

/** A general permission of the decoded session; false when authorization has failed. */
export function hasPermission(
  permissions: Readonly<Record<string, boolean>> | null | undefined,
  permission: GeneralPermissionName,
  authorizationFailed: boolean,
): boolean {
  if (authorizationFailed) return false;
  return permissions?.[permission] === true;
}

/** A general setting of the decoded session; false when authorization has failed. */
export function hasSetting(
  settings: Readonly<Record<string, boolean>> | null | undefined,
  setting: GeneralSettingName,
  authorizationFailed: boolean,
): boolean {
  if (authorizationFailed) return false;
  return settings?.[setting] === true;
}

/** Store type of an order (SPEC 6 showStoreList): 0 when stores are listed directly, 1 for distribution centers. */
export function orderingStoreType(orderingSettings: Readonly<Partial<Record<OrderingSettingName, boolean>>>): 0 | 1 {
  return orderingSettings.showStoreList === true ? 0 : 1;
}

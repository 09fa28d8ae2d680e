import type { DecodedModulesLike, ModuleName, ModulePermissionName } from './flags.ts';

/** The connect portal's sections (SPEC 1, 2), in navigation order. */
export const CONNECT_SECTION_KEYS = [
  'serial-numbers',
  'transactions',
  'imports',
  'sales',
  'reports',
  'news',
  'documents',
  'company',
  'logo',
  'products',
  'product-allocation',
  'requests',
  'team',
  'audit-log',
] as const;
export type ConnectSectionKey = (typeof CONNECT_SECTION_KEYS)[number];

/** One module permission, e.g. `{ module: 'payment', permission: 'transactions', key: 'payment.transactions' }`. */
export type ModulePermissionRef = { [M in ModuleName]: ModulePermissionRefOf<M> }[ModuleName];
type ModulePermissionRefOf<M extends ModuleName> = { module: M; permission: ModulePermissionName<M>; key: ModulePermissionKeyOf<M> };

const p = <M extends ModuleName>(module: M, permission: ModulePermissionName<M>): ModulePermissionRefOf<M> => ({
  module,
  permission,
  key: `${module}.${permission}`,
});

/**
 * Which module permissions open which connect section (ADR 031): any one of `anyOf` opens it; an empty
 * list means every signed-in connect user (news and documents are read by all; editing them is a
 * permission of its own later). The navigation, the web route guard and the server's route policy all
 * read this one table.
 */
export const CONNECT_SECTION_PERMISSIONS: Readonly<Record<ConnectSectionKey, readonly ModulePermissionRef[]>> = {
  'serial-numbers': [p('payment', 'serialLookup')],
  transactions: [p('payment', 'transactions'), p('atm', 'transactions')],
  // The imports of files from S3 (ADR 069, ADR 079): payment transactions files, so payment.transactions only.
  imports: [p('payment', 'transactions')],
  sales: [p('salesReporting', 'sales')],
  reports: [p('reportManagement', 'reports')],
  news: [],
  documents: [],
  // Every connect user reads the company profile; saving it is flow.editCompanyProfile (ADR 085).
  company: [],
  // Every connect user sees the company's logo; flow.editCompanyAssets changes it (ADR 084).
  logo: [],
  products: [p('productManagement', 'viewProducts')],
  'product-allocation': [p('productManagement', 'allocation')],
  // editWorkflows alone opens it too: the section is where the workflow editor lives (ADR 046).
  requests: [p('flow', 'doRequests'), p('flow', 'approveRequests'), p('flow', 'editWorkflows')],
  // The customer's own administrator: its Users (ADR 113).
  team: [p('team', 'manageTeam')],
  // The customer's own administrator reads its customer's audit log (ADR 114, ADR 116).
  'audit-log': [p('team', 'manageTeam')],
};

/**
 * Connect sections that need the higher authentication standard (SPEC 6, ADR 006), as their API routes do
 * (`auth: 'strong'`): the web guard sends a user without it to My Account with the dialog that says why,
 * as /app's strong sections (landing.ts `strongAuth`). The Users section changes others' access (ADR 113, ADR 123).
 */
const CONNECT_STRONG_AUTH_SECTIONS: ReadonlySet<ConnectSectionKey> = new Set<ConnectSectionKey>(['team']);

export const connectSectionNeedsStrongAuth = (section: ConnectSectionKey): boolean => CONNECT_STRONG_AUTH_SECTIONS.has(section);

/**
 * Whether the decoded module permissions open a connect section. False for everything when
 * authorization has failed (SPEC 6: module permission checks then answer false).
 */
export function mayUseConnectSection(
  modules: DecodedModulesLike | null | undefined,
  section: ConnectSectionKey,
  authorizationFailed = false,
): boolean {
  if (authorizationFailed) return false;
  const anyOf = CONNECT_SECTION_PERMISSIONS[section];
  return anyOf.length === 0 || anyOf.some(({ module, permission }) => modules?.[module]?.permissions[permission] === true);
}

/** The sections the decoded module permissions open, in navigation order. */
export function connectSectionsFor(modules: DecodedModulesLike | null | undefined): ConnectSectionKey[] {
  return CONNECT_SECTION_KEYS.filter((key) => mayUseConnectSection(modules, key));
}

/** A module permission as the route policy names it (ADR 024), e.g. `'payment.transactions'`. */
type ModulePermissionKeyOf<M extends ModuleName> = `${M}.${ModulePermissionName<M>}`;
export type ModulePermissionKey = { [M in ModuleName]: ModulePermissionKeyOf<M> }[ModuleName];

/**
 * A section's opening permissions as route-policy names: a connect section's API routes declare
 * `permission: connectSectionPolicy('transactions')`, so the screen and its API read the same table.
 * Empty: every signed-in connect user.
 */
export function connectSectionPolicy(section: ConnectSectionKey): ModulePermissionKey[] {
  return CONNECT_SECTION_PERMISSIONS[section].map(({ key }) => key);
}

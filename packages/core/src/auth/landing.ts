import type { OrderingPermissionName, OrderingSettingName } from './flags.ts';

/** Routes that routing decisions in core point at (SPEC 2). */
const Routes = {
  home: '/',
  myAccount: '/app/my-account',
  mfaSetup: '/app/my-account/mfa',
  retailerSelection: '/app/retailer-selection',
  couponing: '/app/couponing',
  team: '/app/team',
} as const;

type LandingTarget = typeof Routes.retailerSelection | typeof Routes.couponing;

/**
 * Where a user lands after login, from the decoded ordering module permissions (SPEC 2):
 * retailer selection if the user has cardOrdering or retailerSales (this wins when the user also has
 * couponingManagement), couponing if the user has couponingManagement, otherwise none (null).
 */
export function landingTarget(
  orderingPermissions: Readonly<Partial<Record<OrderingPermissionName, boolean>>> | null | undefined,
): LandingTarget | null {
  if (orderingPermissions?.cardOrdering === true || orderingPermissions?.retailerSales === true) {
    return Routes.retailerSelection;
  }
  if (orderingPermissions?.couponingManagement === true) return Routes.couponing;
  return null;
}

interface SessionLandingInput {
  loggedIn: boolean;
  passwordExpired: boolean;
  mfaEnabled: boolean;
  /** The account must set up MFA before anything else (the API holds it there: AUTH.MFA_SETUP_REQUIRED). */
  mfaSetupRequired?: boolean;
  /** The configured landing page, usually `landingTarget(...)`; null when there is none. */
  configured: string | null;
}

/**
 * The session's landing page (SPEC 2): '/' when logged out; the configured page when the password is
 * not expired and multi-factor authentication is enabled; otherwise '/app/my-account' (where the user
 * renews the password or sets up MFA) — or straight to the MFA set-up page when MFA is required and the
 * password is fine. Decision: a logged-in user without a configured page also goes to
 * '/app/my-account', so that every signed-in user has somewhere to land.
 */
export function sessionLandingPage(input: SessionLandingInput): string {
  if (!input.loggedIn) return Routes.home;
  const step = pendingAccountStep(input);
  if (step === 'mfaSetUp') return Routes.mfaSetup;
  if (!step && input.mfaEnabled && input.configured) return input.configured;
  return Routes.myAccount;
}

/** A step the account must take before it may use the portal; the expired password comes first. */
export type PendingAccountStep = 'passwordExpired' | 'mfaSetUp';

export function pendingAccountStep(session: {
  passwordExpired: boolean;
  mfaSetupRequired?: boolean | undefined;
}): PendingAccountStep | null {
  if (session.passwordExpired) return 'passwordExpired';
  return session.mfaSetupRequired === true ? 'mfaSetUp' : null;
}

type OrderingPermissions = Readonly<Partial<Record<OrderingPermissionName, boolean>>> | null | undefined;

/**
 * Which ordering permissions open which section of /app (SPEC 2 sidebar and landing): the sidebar shows
 * an entry, the route guard lets a user in and a deep link survives sign-in by the same table. Sales and
 * couponing also need the higher authentication standard (ADR 006). A path outside these sections (My
 * Account) is open to every signed-in user.
 */
const SECTIONS: readonly { path: string; anyOf: readonly OrderingPermissionName[]; strongAuth?: true }[] = [
  { path: '/app/order', anyOf: ['cardOrdering'] },
  { path: '/app/orders', anyOf: ['cardOrdering'] },
  { path: '/app/questionnaire', anyOf: ['cardOrdering'] },
  { path: Routes.retailerSelection, anyOf: ['cardOrdering', 'retailerSales'] },
  { path: '/app/sales', anyOf: ['retailerSales'], strongAuth: true },
  { path: Routes.couponing, anyOf: ['couponingManagement'], strongAuth: true },
  // The customer's own administrator: its Users (ADR 113), behind strong authentication like its API.
  { path: Routes.team, anyOf: ['manageTeam'], strongAuth: true },
  // The customer's own administrator: its customer's audit log (ADR 116).
  { path: '/app/audit-log', anyOf: ['manageTeam'] },
];
const sectionOf = (pathname: string) => SECTIONS.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));

/** Whether the ordering permissions open the section `pathname` belongs to. */
export function maySeeSection(pathname: string, permissions: OrderingPermissions): boolean {
  const section = sectionOf(pathname);
  return !section || section.anyOf.some((p) => permissions?.[p] === true);
}

/**
 * A requested address as a path of this site under `root` ('/app', '/connect'), or null: only a
 * same-origin path survives (no scheme, no '//host', no backslash tricks), so a return address can never
 * send the user elsewhere (no open redirect).
 */
export function sameOriginPath(requested: string | null | undefined, root: string): string | null {
  if (!requested || !requested.startsWith('/') || /^\/[\\/]|\\/.test(requested)) return null;
  const base = 'https://portal.invalid';
  let url: URL;
  try {
    url = new URL(requested, base);
  } catch {
    return null;
  }
  if (url.origin !== base || !(url.pathname === root || url.pathname.startsWith(`${root}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where an ordering sign-in goes when the user had asked for `requested` (a deep link that met the login
 * first, ADR 017): there, when the landing rules let the user in (password not expired, MFA not
 * pending) and the user has access to its section (permissions; the higher authentication standard for
 * sales and couponing); otherwise the normal `landing`.
 */
export function orderingReturnPath(
  requested: string | null | undefined,
  landing: string,
  access: { stepPending: boolean; permissions: OrderingPermissions; strongAuthentication: boolean },
): string {
  const path = sameOriginPath(requested, '/app');
  if (!path || access.stepPending || landing === Routes.home) return landing;
  const pathname = new URL(path, 'https://portal.invalid').pathname;
  const section = sectionOf(pathname);
  if (!maySeeSection(pathname, access.permissions)) return landing;
  return section?.strongAuth && !access.strongAuthentication ? landing : path;
}

/**
 * The order, questionnaire, orders and sales routes need a chosen retailer unless the ordering setting
 * disableRetailerLevel is set (SPEC 2, 6). True when the user must be sent to retailer selection.
 */
export function needsRetailerSelection(
  orderingSettings: Readonly<Partial<Record<OrderingSettingName, boolean>>> | null | undefined,
  retailerChosen: boolean,
): boolean {
  return !retailerChosen && orderingSettings?.disableRetailerLevel !== true;
}

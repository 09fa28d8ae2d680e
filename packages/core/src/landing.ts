import type { OrderingPermissionName, OrderingSettingName } from './flags.ts';

/** Routes that routing decisions in core point at (SPEC 2). */
export const Routes = {
  home: '/',
  myAccount: '/app/my-account',
  retailerSelection: '/app/retailer-selection',
  couponing: '/app/couponing',
} as const;

export type LandingTarget = typeof Routes.retailerSelection | typeof Routes.couponing;

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

export interface SessionLandingInput {
  loggedIn: boolean;
  passwordExpired: boolean;
  mfaEnabled: boolean;
  /** The configured landing page, usually `landingTarget(...)`; null when there is none. */
  configured: string | null;
}

/**
 * The session's landing page (SPEC 2): '/' when logged out; the configured page when the password is
 * not expired and multi-factor authentication is enabled; otherwise '/app/my-account' (where the user
 * renews the password or sets up MFA). Decision: a logged-in user without a configured page also goes
 * to '/app/my-account', so that every signed-in user has somewhere to land.
 */
export function sessionLandingPage(input: SessionLandingInput): string {
  if (!input.loggedIn) return Routes.home;
  if (!input.passwordExpired && input.mfaEnabled && input.configured) return input.configured;
  return Routes.myAccount;
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

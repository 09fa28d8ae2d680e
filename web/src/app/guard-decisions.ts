import { needsRetailerSelection, type SessionStatus } from '@portal/core';

/**
 * Route guard decisions as pure functions (unit-tested); guards.tsx acts on them.
 */
export type AuthDecision = 'wait' | 'allow' | 'deny';

/** /app needs a logged-in session with a user. Until the first status is there, wait. */
export function authDecision(status: SessionStatus | undefined, loading: boolean): AuthDecision {
  if (!status) return loading ? 'wait' : 'deny';
  return status.loggedIn && status.user ? 'allow' : 'deny';
}

/**
 * order, questionnaire, orders and sales need a chosen retailer unless the ordering setting
 * disableRetailerLevel is set (SPEC 2; core's needsRetailerSelection).
 */
export function retailerDecision(
  status: SessionStatus | undefined,
  retailerChosen: boolean,
): 'allow' | 'selectRetailer' {
  const settings = status?.user?.modules.ordering?.settings;
  return needsRetailerSelection(settings, retailerChosen) ? 'selectRetailer' : 'allow';
}

import { maySeeSection, needsRetailerSelection, type SessionStatus } from '@portal/core/auth';
import { hasStrongAuthentication, pendingStepOf } from '../lib/auth.ts';

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
export function retailerDecision(status: SessionStatus | undefined, retailerChosen: boolean): 'allow' | 'selectRetailer' {
  const settings = status?.user?.modules.ordering?.settings;
  return needsRetailerSelection(settings, retailerChosen) ? 'selectRetailer' : 'allow';
}

/**
 * Sections that need the higher authentication standard (SPEC 6; ADR 006 names them: couponing and
 * sales): without it the second 'Access denied' dialog opens and the user is sent to My Account, where
 * multi-factor authentication is set up. Until the status is there, wait (the auth guard above does).
 */
export function strongAuthDecision(status: SessionStatus | undefined): 'allow' | 'deny' {
  return hasStrongAuthentication(status) ? 'allow' : 'deny';
}

/**
 * The /app sections besides My Account (ADR 017): while a step of the account is pending
 * (expired password, MFA to set up) none of them — the user goes to the landing page, where the step is
 * taken; otherwise only the sections the ordering permissions open (core's table, the sidebar's too).
 */
export function sectionDecision(status: SessionStatus | undefined, pathname: string): 'allow' | 'pendingStep' | 'notPermitted' {
  if (pendingStepOf(status)) return 'pendingStep';
  return maySeeSection(pathname, status?.user?.modules.ordering?.permissions) ? 'allow' : 'notPermitted';
}

/**
 * The brand's terms of use (ADR 086): the session status names a version to accept, and no account step
 * (expired password, MFA set-up) comes first — those screens stay reachable, as the API keeps them open.
 */
export function termsDecision(status: SessionStatus | undefined): 'accept' | 'allow' {
  return status?.loggedIn && status.termsOfUsePending !== undefined && pendingStepOf(status) === null ? 'accept' : 'allow';
}

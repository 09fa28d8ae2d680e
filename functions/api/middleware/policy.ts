import type { ModuleName, ModulePermissionName } from '@portal/core/auth';
import type { Portal } from '@portal/core/shared';
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from './portals.ts';
import { assertAccount, assertStrongAuthentication, assertTermsAccepted } from './session.ts';

/** Who may call: nobody in particular, a signed-in account, or one whose session is strong (ADR 006). */
export type AuthLevel = 'anonymous' | 'signedIn' | 'strong';
/**
 * Whose object the route reads or changes, named by the id it takes: `retailer` (a customerId), `store`,
 * `order`, `serial`, `division` (a connect division), `ownAccount` (the caller's own account, no id),
 * `token` (a single-use mailed or flow token is the proof), `account` (a team member's username or an invitation
 * id, ADR 113), `none`. For every scope but `none`/`ownAccount`/`token` another customer's id answers exactly
 * as a nonexistent one (404, ADR 015).
 */
export type ObjectScope = 'none' | 'ownAccount' | 'token' | 'retailer' | 'store' | 'order' | 'serial' | 'division' | 'account';
/** A module permission by its core MODULE_FLAGS name, e.g. `ordering.cardOrdering`. */
export type PermissionName = { [M in ModuleName]: `${M}.${ModulePermissionName<M>}` }[ModuleName];

export type RoutePolicy = {
  portals: readonly [Portal, ...Portal[]];
  auth: AuthLevel;
  /** Any one of these permissions lets the caller in (requirePermission's rule); the service enforces it. */
  permission: readonly PermissionName[];
  /** Open while the account must still renew its password, set up MFA or accept the terms of use (My Account, the step itself). */
  pendingStep: boolean;
  scope: ObjectScope;
};

/** Each policy(...) middleware's declaration, read back by policyOf. */
const declaredPolicies = new WeakMap<object, RoutePolicy>();

/**
 * The policy of one route, declared first in its chain (ADR 024). It enforces what the route
 * layer can know before any input is read — portal (403 AUTH.WRONG_PORTAL), sign-in (401), a pending
 * step (403), the brand's terms of use not accepted (403, ADR 086), strong authentication (403) — and records the declaration for the handler, so the route
 * list test, the authorization matrix and the fuzzer read it from the route table (route-table.ts: `app.routes`
 * and the routers mounted with lazyRoutes, ADR 126). Permission and object scope stay enforced by the services (defence in depth); the matrix proves they answer as declared.
 */
export function policy(declared: RoutePolicy): MiddlewareHandler<AppEnv> {
  const portalGate = portals(...declared.portals);
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    await portalGate(c, async () => {
      if (declared.auth !== 'anonymous') {
        assertAccount(c, declared.pendingStep);
        // The brand's terms of use come after the account's own steps, and are open where those are (ADR 086).
        if (!declared.pendingStep) await assertTermsAccepted(c);
        if (declared.auth === 'strong') assertStrongAuthentication(c);
      }
      await next();
    });
  });
  declaredPolicies.set(middleware, declared);
  return middleware;
}

/** The policies of one router's portal(s): `const route = routePolicy('ordering')`, then `route({...})`. */
export const routePolicy =
  (...served: [Portal, ...Portal[]]) =>
  (declared: Omit<RoutePolicy, 'portals' | 'permission' | 'pendingStep'> & Partial<Pick<RoutePolicy, 'permission' | 'pendingStep'>>) =>
    policy({ portals: served, permission: [], pendingStep: false, ...declared });

export function policyOf(handler: unknown): RoutePolicy | undefined {
  return typeof handler === 'function' ? declaredPolicies.get(handler) : undefined;
}

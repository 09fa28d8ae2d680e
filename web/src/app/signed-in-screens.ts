import { lazyRoute } from './lazy-route.ts';

// What both portals' route tables (app-routes.tsx, connect-routes.tsx) route to, and the guard both shells
// run (in the same chunk, so not lazily): with the data layer (vite.config.ts), which every signed-in page loads
// first, so neither portal's table and shell download the other's (ADR 127).
export { RequireAuth } from './guards.tsx';
export const MyAccountRoute = lazyRoute(() => import('../features/account/routes/my-account-route.tsx'), 'MyAccountRoute', 'account');
export const MfaSetupRoute = lazyRoute(() => import('../features/account/routes/mfa-setup-route.tsx'), 'MfaSetupRoute', 'account');
// The customer's own administrator's Users (ADR 113) and its account page, which asks for the administrator's
// password (account.reauth) before a change.
export const TeamRoute = lazyRoute(() => import('../features/team/routes/team-route.tsx'), 'TeamRoute', 'team');
export const TeamUserRoute = lazyRoute(() => import('../features/team/routes/team-user-route.tsx'), 'TeamUserRoute', 'team');
// The customer's audit log (ADR 116), with its export panel.
export const AuditLogScreen = lazyRoute(() => import('./routes/audit-log-route.tsx'), 'AuditLogScreen', 'audit', 'exports', 'team');

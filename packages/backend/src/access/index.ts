// The access domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { type Actor } from './actor.ts';
export { permissionDenied, requirePermission, requireStrongAuthentication } from './permissions.ts';
export { mayActFor, maySeeSaleOf, requireRetailer, retailerOrNotFound, retailersOfActor } from './retailer-scope.ts';

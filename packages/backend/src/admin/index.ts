// The admin domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { ACCESS_FLAG_MAPS, type AccessChange, type AdminActor, parseFlagValue } from './admin-service.ts';

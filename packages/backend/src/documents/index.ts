// The documents domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { documentKey, newDocumentId, storeDocument } from './documents-service.ts';

// The documents domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { documentKey, newDocumentId, placeDocument, storeDocument, type NewDocument } from './documents-service.ts';
export { verifyDocument } from './document-verification.ts';

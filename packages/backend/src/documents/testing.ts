// What tests outside the documents domain use of it and no other code does (ADR 060).
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
export { listDocuments } from './documents-entity.ts';
export { createDocumentService } from './documents-service.ts';

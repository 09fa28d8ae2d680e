// What tests outside the allocation domain use of it and no other code does (ADR 060).
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
export { getChange } from './allocation-entity.ts';
export { putNewChange } from './allocation-entity.ts';
export { storeEntry, writeProductIndex } from './allocation-entity.ts';

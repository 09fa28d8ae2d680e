// What tests outside the import domain use of it and no other code does (ADR 060): items to set up or read back, limits to assert on.
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
export { parseImportText } from './files.ts';
export {
  claimImportFile,
  createImportFile,
  getImportErrors,
  getImportFile,
  listImportFiles,
  saveImportProgress,
} from './import-file-entity.ts';
export { claimOwnerSlot, IMPORT_OWNER_AT_ONCE, ownerSlotsHeld, releaseOwnerSlot } from './import-owner-slot-entity.ts';

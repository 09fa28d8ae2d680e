// The platform/files/ toolkit's face (ADR 060): what other workspaces import from it.
export { createFileStore, type FileStore } from './file-store.ts';

// The platform/files/ toolkit's face (ADR 060): what other workspaces import from it.
export { createFileStore, FileChanged, type FileStore } from './file-store.ts';

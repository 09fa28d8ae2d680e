// The import domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { csvLine } from './csv.ts';
export { IMPORT_KINDS, type ImportReport, isImportKind } from './import-service.ts';
export { type ByteSource, readSlices, type Slice, type SliceStart } from './file-slices.ts';
export { type ImportMessage, type ImportWorker, importWorkerFromConfig } from './import-worker-from-config.ts';
export { IMPORT_NOTIFICATION_PREFIXES } from './import-file-ref.ts';

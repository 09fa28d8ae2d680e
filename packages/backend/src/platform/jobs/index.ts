// The platform/jobs/ toolkit's face (ADR 060): what other workspaces import from it.
export { jobDepsFromConfig } from './job-deps.ts';
// The file writers and the files' columns, for the writer bench (scripts/bench/export-writers.ts).
export { fileWriters } from './file-writers.ts';
export { localiseColumns } from './file-columns.ts';

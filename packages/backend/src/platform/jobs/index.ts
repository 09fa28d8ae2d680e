// The platform/jobs/ toolkit's face (ADR 060): what other workspaces import from it.
export { jobDepsFromConfig } from './job-deps.ts';

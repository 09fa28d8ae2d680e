// The platform/ toolkit's face (ADR 060): what other workspaces import from it.
export { lazy } from './lazy.ts';

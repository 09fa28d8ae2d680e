// The allocation domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { applyChange, sweepAllocations } from './allocation-apply.ts';
export { allocatedAtStore } from './allocation-store.ts';

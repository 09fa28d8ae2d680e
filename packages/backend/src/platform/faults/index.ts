// The platform/faults/ toolkit's face (ADR 060): what other workspaces import from it.
export { createFaultInjector, type FaultInjector, type FaultPlan } from './fault-injector.ts';

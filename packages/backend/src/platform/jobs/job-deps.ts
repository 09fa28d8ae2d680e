import type { Config } from '../../config.ts';
import { createDb, type Db } from '../db/client.ts';
import type { FaultInjector } from '../faults/fault-injector.ts';
import type { Clock } from '../time.ts';
import type { JobLauncher } from './job-launcher.ts';

/**
 * The one factory shape of a kind of job (ADR 059): `<jobs>FromConfig(config, deps)` with these deps (plus
 * its own test seams), answering its service plus `run` (the runner's entry) and `idle()` (local runs).
 * `launcher` replaces the one the config picks (tests, the route gates start no runner).
 */
export type JobFactoryDeps<P> = { db: Db; now: Clock; faults?: FaultInjector; launcher?: JobLauncher<P> };

/**
 * What a job function (functions/jobs/) builds its one service with: the table and the clock, not the
 * whole backend (createBackend), which would put every service's module on the function's cold start.
 */
export function jobDepsFromConfig(config: Config): { db: Db; now: Clock } {
  return { db: createDb(config), now: () => new Date() };
}

import { createFaultInjector, type FaultInjector, type FaultPlan } from '@portal/backend/platform/faults';
import * as z from '@portal/core/zod';
import type { Hono } from 'hono';

/**
 * The local fault hook (ADR 042, on ADR 025's injector): an e2e test (or a developer) makes the local
 * instance's AWS clients fail on purpose — e.g. every SES call answering 500, so a report delivery fails
 * and its resend can be shown — then switches it off again. Served by `npm start` outside /api only; the
 * Lambda app never has an injector (createBackend gets one only from here, tests and the fault bench).
 *
 *   POST /__local/faults  {"services":["ses"],"rate":1,"kinds":["server"],"phases":["before"],"persistent":1}
 *   POST /__local/faults  {"rate":0}          (off; the other fields stay as they were)
 *   GET  /__local/faults  -> { plan, injected }
 *
 * It applies to what this process runs: API calls and "run now" jobs; a scheduled fire's runner builds its
 * own backend (functions/jobs/report-runner.ts) without one.
 */
export const createLocalFaults = (): FaultInjector => createFaultInjector({ rate: 0, seed: 42 });

const PlanChange = z.object({
  rate: z.optional(z.number().check(z.gte(0), z.lte(1))),
  services: z.optional(z.array(z.enum(['dynamodb', 's3', 'ses'])).check(z.minLength(1))),
  kinds: z.optional(z.array(z.enum(['throttle', 'server', 'timeout'])).check(z.minLength(1))),
  phases: z.optional(z.array(z.enum(['before', 'after'])).check(z.minLength(1))),
  persistent: z.optional(z.number().check(z.gte(0), z.lte(1))),
});

export function mountFaultHook(root: Hono, faults: FaultInjector) {
  const state = () => ({ plan: faults.plan, injected: faults.injectedCount() });
  root.get('/__local/faults', (c) => c.json(state()));
  root.post('/__local/faults', async (c) => {
    const change = PlanChange.safeParse(await c.req.json().catch(() => null));
    if (!change.success) return c.json({ error: change.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }, 400);
    Object.assign(faults.plan, Object.fromEntries(Object.entries(change.data).filter(([, v]) => v !== undefined)) as Partial<FaultPlan>);
    return c.json(state());
  });
}

import * as z from '@portal/core/zod';
import { type Workflow, WorkflowInput } from '@portal/core/workflow';
import { getCustomer } from '../customers/index.ts';
import { ImportRejected } from '../masterdata/index.ts';
import type { Db } from '../platform/db/client.ts';
import { transactWrite } from '../platform/db/transact.ts';
import { getLatestWorkflow, workflowSaveWrites } from './workflow-entity.ts';
import { workflowProblems } from './workflow-service.ts';

/**
 * The `workflows` import kind (ADR 046, ADR 014's one import path): one JSON record per workflow with a
 * fixed workflowId, so a re-import finds it again. A record that differs from the newest version saves a
 * new version (running requests keep theirs); the same record again writes nothing.
 */
export const WorkflowImport = z.extend(WorkflowInput, {
  workflowId: z.string().check(z.regex(/^wf-[A-Za-z0-9-]{1,60}$/, 'a workflow id starts with wf- (letters, digits, -)')),
  /** Who the versions name as their author (the import itself). */
  updatedBy: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), 'import'),
});
export type WorkflowImport = z.infer<typeof WorkflowImport>;

/** The content of a version, keys sorted (a stored map comes back in any key order). */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
const contentOf = (w: Pick<Workflow, 'name' | 'description' | 'customerId' | 'steps' | 'active'>) =>
  JSON.stringify(canonical({ name: w.name, description: w.description, customerId: w.customerId, steps: w.steps, active: w.active }));

export async function importWorkflow(db: Db, record: WorkflowImport, now: Date): Promise<'created' | 'updated'> {
  if (record.customerId !== null && !(await getCustomer(db, record.customerId)))
    throw new ImportRejected(`customerId: no customer ${record.customerId}`);
  const problem = workflowProblems(record)[0];
  if (problem) throw new ImportRejected(`${problem.path}: ${problem.message}`);
  const latest = await getLatestWorkflow(db, record.workflowId, true);
  if (latest && latest.customerId !== record.customerId)
    throw new ImportRejected(`workflowId ${record.workflowId} belongs to another customer`);
  const { updatedBy, ...input } = record;
  if (latest && contentOf(latest) === contentOf(input)) return 'updated';
  const workflow: Workflow = { ...input, version: (latest?.version ?? 0) + 1, updatedAt: now.toISOString(), updatedBy };
  await transactWrite(db, workflowSaveWrites(db, workflow, latest?.version ?? 0));
  return latest ? 'updated' : 'created';
}

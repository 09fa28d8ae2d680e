import { createHash, randomBytes } from 'node:crypto';
import { FLOW_PERMISSIONS, hasBit, PERMISSION } from '@portal/core/auth';
import { REQUEST, RETAILER } from '@portal/core/shared';
import { type ApproverCandidates, WORKFLOW, type Workflow, type WorkflowInput, type WorkflowUpdate } from '@portal/core/workflow';
import { type Actor, mayActFor } from '../access/index.ts';
import { getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import { portalUsersOf } from '../report/index.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { createOnce, readReplay } from '../platform/db/idempotency.ts';
import { transactWrite } from '../platform/db/transact.ts';
import type { Clock } from '../platform/time.ts';
import {
  getLatestWorkflow,
  getWorkflowVersion,
  listLatestWorkflows,
  workflowIdempotencyKey,
  workflowSaveWrites,
} from './workflow-entity.ts';

/**
 * Workflows (ADR 046). Reading needs any flow permission (requesters pick one, approvers
 * see what they decide on); creating and editing flow.editWorkflows. Every save is a new version; requests
 * keep the version they started with. A workflow belongs to one customer (or, customerId null, to every
 * customer of the brand: only global users save those); another customer's workflow answers like none.
 */
export type FlowBit = 'doRequests' | 'approveRequests' | 'editWorkflows';
export const hasFlow = (actor: Actor, bit: FlowBit) => actor.access.modules.flow.permissions[bit] === true;
export const denied = () => new AppError('forbidden', PERMISSION.DENIED, 'You do not have permission for this function.');
const notFound = () => new AppError('not_found', WORKFLOW.NOT_FOUND, 'Workflow not found.');
const customerNotFound = () => new AppError('not_found', RETAILER.NOT_FOUND, 'Customer not found.');
const isGlobal = (actor: Actor) => actor.access.security.global === true;
const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
export const newWorkflowId = () => `wf-${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}`;

/** The rules zod cannot state on one field: unique step and item ids, options exactly on choice items. */
export function workflowProblems(input: WorkflowInput): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const steps = new Set<string>();
  input.steps.forEach((step, s) => {
    if (steps.has(step.stepId)) problems.push({ path: `steps.${s}.stepId`, message: `Step id ${step.stepId} is used twice` });
    steps.add(step.stepId);
    const items = new Set<string>();
    step.items.forEach((item, i) => {
      const at = `steps.${s}.items.${i}`;
      if (items.has(item.itemId)) problems.push({ path: `${at}.itemId`, message: `Item id ${item.itemId} is used twice in this step` });
      items.add(item.itemId);
      if (item.type === 'choice' && !item.options) problems.push({ path: `${at}.options`, message: 'A choice needs at least two options' });
      if (item.type !== 'choice' && item.options) problems.push({ path: `${at}.options`, message: 'Only a choice has options' });
    });
  });
  return problems;
}

export function createWorkflowService({ db, now }: { db: Db; now: Clock }) {
  const requireAny = (actor: Actor) => {
    if (!hasFlow(actor, 'doRequests') && !hasFlow(actor, 'approveRequests') && !hasFlow(actor, 'editWorkflows')) throw denied();
  };
  const requireEdit = (actor: Actor) => {
    if (!hasFlow(actor, 'editWorkflows')) throw denied();
  };
  /** Whether the actor may see (and with editWorkflows, save) a workflow of this owner. */
  async function mayUse(actor: Actor, customerId: string | null): Promise<boolean> {
    if (customerId === null) return true;
    const customer = await getCustomer(db, customerId);
    return customer !== null && mayActFor(actor, customer);
  }
  async function visible(actor: Actor, workflowId: string, consistent = false): Promise<Workflow> {
    const latest = await getLatestWorkflow(db, workflowId, consistent);
    if (!latest || !(await mayUse(actor, latest.customerId))) throw notFound();
    return latest;
  }
  async function checkInput(actor: Actor, input: WorkflowInput) {
    if (input.customerId === null ? !isGlobal(actor) : !(await mayUse(actor, input.customerId))) {
      if (input.customerId !== null) throw customerNotFound();
      throw denied();
    }
    const problems = workflowProblems(input);
    if (problems.length) throw new AppError('input', REQUEST.VALIDATION_FAILED, problems[0]!.message, { issues: problems });
  }
  async function replay(actor: Actor, key: string, hash: string): Promise<Workflow | null> {
    const record = await readReplay<{ workflowId: string }>(db, workflowIdempotencyKey(actor.username, key), now(), hash, 'workflow');
    if (!record) return null;
    return getWorkflowVersion(db, record.workflowId, 1);
  }

  return {
    /** GET /flow/workflows?customerId: the newest active version of the customer's and the brand-wide workflows, by name. */
    async list(actor: Actor, customerId: string): Promise<{ workflows: Workflow[] }> {
      requireAny(actor);
      if (!(await mayUse(actor, customerId))) throw customerNotFound();
      const [own, shared] = await Promise.all([listLatestWorkflows(db, customerId), listLatestWorkflows(db, null)]);
      const all = [...own, ...shared].filter((w) => w.active || hasFlow(actor, 'editWorkflows'));
      return { workflows: all.sort((a, b) => a.name.localeCompare(b.name) || a.workflowId.localeCompare(b.workflowId)) };
    },

    /**
     * GET /flow/workflows/approver-candidates?customerId: the customer's active connect users with
     * flow.approveRequests, whom a step may name as its approvers (editWorkflows; another customer's like none).
     */
    async approverCandidates(actor: Actor, customerId: string): Promise<ApproverCandidates> {
      requireEdit(actor);
      const customer = await getCustomer(db, customerId);
      if (!customer || !mayActFor(actor, customer)) throw customerNotFound();
      const users = await portalUsersOf(db, customer);
      return {
        candidates: users
          .filter((a) => hasBit(a.modules.flow?.permissions ?? 0, FLOW_PERMISSIONS.approveRequests))
          .map((a) => ({ username: a.username, displayname: `${a.firstname} ${a.surname}`.trim() || a.username })),
      };
    },

    /** GET /flow/workflows/:id[?version=n]: the newest version, or version n (a request's). */
    async get(actor: Actor, workflowId: string, version?: number): Promise<Workflow> {
      requireAny(actor);
      const latest = await visible(actor, workflowId);
      if (version === undefined || version === latest.version) return latest;
      const older = version < latest.version ? await getWorkflowVersion(db, workflowId, version) : null;
      if (!older) throw notFound();
      return older;
    },

    /** POST /flow/workflows (Idempotency-Key: a retry answers the workflow already made): version 1. */
    async create(actor: Actor, input: WorkflowInput, key: string): Promise<Workflow> {
      requireEdit(actor);
      await checkInput(actor, input);
      const hash = hashOf(input);
      const earlier = await replay(actor, key, hash);
      if (earlier) return earlier;
      const at = now();
      const workflow: Workflow = {
        ...input,
        workflowId: newWorkflowId(),
        version: 1,
        updatedAt: at.toISOString(),
        updatedBy: actor.username,
      };
      const record = {
        key: workflowIdempotencyKey(actor.username, key),
        type: 'workflowIdempotency',
        hash,
        made: { workflowId: workflow.workflowId },
      };
      return createOnce(
        db,
        at,
        { writes: workflowSaveWrites(db, workflow, 0), record },
        { replay: () => replay(actor, key, hash), created: () => workflow },
      );
    },

    /** PUT /flow/workflows/:id: version + 1 of `baseVersion`; two saves of the same version make one, the other 409. */
    async update(actor: Actor, workflowId: string, { baseVersion, ...input }: WorkflowUpdate): Promise<Workflow> {
      requireEdit(actor);
      const latest = await visible(actor, workflowId, true);
      const savedMeanwhile = () =>
        new AppError('conflict', WORKFLOW.STATE_CONFLICT, 'The workflow was saved by someone else meanwhile. Please reload it.');
      if (baseVersion !== latest.version) throw savedMeanwhile();
      if (latest.customerId === null && !isGlobal(actor)) throw denied();
      if (input.customerId !== latest.customerId) {
        throw new AppError('input', REQUEST.VALIDATION_FAILED, 'A workflow keeps its customer.', {
          issues: [{ path: 'customerId', message: 'A workflow keeps its customer.' }],
        });
      }
      await checkInput(actor, input);
      const workflow: Workflow = {
        ...input,
        workflowId,
        version: latest.version + 1,
        updatedAt: now().toISOString(),
        updatedBy: actor.username,
      };
      try {
        await transactWrite(db, workflowSaveWrites(db, workflow, latest.version));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        throw savedMeanwhile();
      }
      return workflow;
    },
  };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;

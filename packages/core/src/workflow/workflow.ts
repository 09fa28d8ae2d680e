import { Id } from '../shared/schemas.ts';
import * as z from '../shared/zod.ts';

/**
 * Request and approval workflows (ADR 046): a workflow is an ordered list of steps, each
 * with items a requester answers (text, number, date, choice, file, screenflow); a request walks the steps:
 * the requester submits a step (SPEC: the step id and the enquiry), an approver approves it (the next step
 * opens; the last step's approval finalises the request) or rejects it with a comment (the requester
 * answers and submits the step again). Workflows are versioned: editing one makes a new version for
 * requests started later; a running request keeps the version it started with.
 */

export const WORKFLOW_ITEM_TYPES = ['text', 'number', 'date', 'choice', 'file', 'screenflow'] as const;
export const WorkflowItemType = z.enum(WORKFLOW_ITEM_TYPES);
export type WorkflowItemType = z.infer<typeof WorkflowItemType>;
/** Item types answered by an upload (SPEC: POST upload by id) rather than by an answer. */
export const UPLOAD_ITEM_TYPES = ['file', 'screenflow'] as const satisfies readonly WorkflowItemType[];

const Label = z.string().check(z.trim(), z.minLength(1, 'Enter a label'), z.maxLength(200));

export const WorkflowItemDefinition = z.object({
  itemId: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'An item id has 1-40 lower-case letters, digits or "-"')),
  type: WorkflowItemType,
  label: Label,
  help: z.optional(z.string().check(z.maxLength(1000))),
  required: z.boolean(),
  /** choice: the options offered (2-50). */
  options: z.optional(z.array(Label).check(z.minLength(2), z.maxLength(50))),
  /** screenflow: how many screen images at most (1-50); file: 1. */
  maxFiles: z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))),
});
export type WorkflowItemDefinition = z.infer<typeof WorkflowItemDefinition>;

export const WorkflowStepDefinition = z.object({
  stepId: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'A step id has 1-40 lower-case letters, digits or "-"')),
  name: Label,
  items: z.array(WorkflowItemDefinition).check(z.minLength(1, 'A step needs at least one item'), z.maxLength(40)),
  /**
   * Who may approve this step: users with flow.approveRequests who may act for the request's customer;
   * when approverIds is non-empty, only those users among them. Never the requester (ADR 046).
   */
  approverIds: z._default(z.array(Id).check(z.maxLength(50)), []),
});
export type WorkflowStepDefinition = z.infer<typeof WorkflowStepDefinition>;

/** POST/PUT flow/workflows (editWorkflows): a save makes a new version. */
export const WorkflowInput = z.object({
  name: Label,
  description: z._default(z.string().check(z.maxLength(2000)), ''),
  /** Whose requests may use it: a customer, or null for every customer of the brand. */
  customerId: z.nullable(Id),
  steps: z.array(WorkflowStepDefinition).check(z.minLength(1, 'A workflow needs at least one step'), z.maxLength(20)),
  active: z._default(z.boolean(), true),
});
export type WorkflowInput = z.infer<typeof WorkflowInput>;
/** PUT flow/workflows/:id (W1): the input and the version the editor started from; a newer save meanwhile is 409. */
export const WorkflowUpdate = z.extend(WorkflowInput, { baseVersion: z.number().check(z.int(), z.gte(1)) });
export type WorkflowUpdate = z.infer<typeof WorkflowUpdate>;

export const Workflow = z.extend(WorkflowInput, {
  workflowId: z.string(),
  version: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type Workflow = z.infer<typeof Workflow>;

/** GET flow/workflows/approver-candidates?customerId (ADR 046): the customer's users who may approve, for a step's "who may approve". */
export const ApproverCandidate = z.object({ username: z.string(), displayname: z.string() });
export type ApproverCandidate = z.infer<typeof ApproverCandidate>;
export const ApproverCandidates = z.object({ candidates: z.array(ApproverCandidate) });
export type ApproverCandidates = z.infer<typeof ApproverCandidates>;

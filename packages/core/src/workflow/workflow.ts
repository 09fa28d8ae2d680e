import { Id, pageOf } from '../shared/schemas.ts';
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

/**
 * The request's flags (SPEC 3): deleted, approved, rejected, each 0 or 1. `status` is derived from them and
 * the step (requestStatus below); the state table REQUEST_TRANSITIONS says which action may run when.
 */
export const Flag = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof Flag>;
export const REQUEST_STATUSES = ['draft', 'pending', 'rejected', 'approved', 'archived'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type RequestFlags = { deleted: Flag; approved: Flag; rejected: Flag };
export type RequestState = RequestFlags & {
  /** The step being worked on (the requester's) or awaiting a decision (submitted). */
  stepIndex: number;
  stepCount: number;
  /** True once the current step was submitted and no decision has been made on it. */
  submitted: boolean;
};

export const REQUEST_ACTIONS = ['answer', 'submit', 'approve', 'reject', 'archive'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** The derived status shown in lists (SPEC: status column). */
export function requestStatus(s: RequestState): RequestStatus {
  if (s.deleted) return 'archived';
  if (s.approved) return 'approved';
  if (s.rejected) return 'rejected';
  return s.submitted ? 'pending' : 'draft';
}

/**
 * Which actions each status allows (rules as data). Answering and submitting: the requester, in draft or
 * after a rejection (a resubmission clears `rejected`). Deciding: an approver, on a submitted step only, so a
 * request is finalised (the last step approved) only when deleted, approved and rejected are all 0 (SPEC 4).
 * Archiving: any status but archived.
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestAction[]>> = {
  draft: ['answer', 'submit', 'archive'],
  rejected: ['answer', 'submit', 'archive'],
  pending: ['approve', 'reject', 'archive'],
  approved: ['archive'],
  archived: [],
};

export const mayDo = (s: RequestState, action: RequestAction): boolean =>
  REQUEST_TRANSITIONS[requestStatus(s)].includes(action);

/** The state after an allowed action (throws on one REQUEST_TRANSITIONS does not allow). */
export function nextRequestState(s: RequestState, action: RequestAction): RequestState {
  if (!mayDo(s, action)) throw new RangeError(`${action} is not allowed on a ${requestStatus(s)} request`);
  switch (action) {
    case 'answer':
      return s;
    case 'submit':
      return { ...s, rejected: 0, submitted: true };
    case 'reject':
      return { ...s, rejected: 1, submitted: false };
    case 'approve':
      return s.stepIndex + 1 >= s.stepCount
        ? { ...s, approved: 1, submitted: false }
        : { ...s, stepIndex: s.stepIndex + 1, submitted: false };
    case 'archive':
      return { ...s, deleted: 1, submitted: false };
  }
}

/** SPEC flow/workflow-requests create. */
export const WorkflowRequestCreate = z.object({ workflowId: Id, customerId: Id });
/** SPEC update by id: a step submission sends the step id and the enquiry (the requester's note). */
export const WorkflowRequestSubmit = z.object({
  workflowStepId: z.string().check(z.minLength(1), z.maxLength(40)),
  enquiry: z._default(z.string().check(z.maxLength(4000)), ''),
});
/** SPEC reject needs a comment; approve may carry one. */
export const WorkflowDecision = z.object({ comment: z.optional(z.string().check(z.trim(), z.maxLength(4000))) });
export const WorkflowRejection = z.object({ comment: z.string().check(z.trim(), z.minLength(1, 'Say why the request is rejected'), z.maxLength(4000)) });

/**
 * A history searched by workflow or request ID reads at most this many of each customer's newest finished
 * requests (ADR 048); the page's `complete: false` says the bound cut the search.
 */
export const HISTORY_SEARCH_BOUND = 2_000;
/** SPEC list filters: workflowId, mode=history, only-pending=0. */
export const WorkflowRequestListQuery = z.object({
  workflowId: z.optional(Id),
  mode: z.optional(z.enum(['history'])),
  'only-pending': z.optional(z.enum(['0', '1'])),
  /** Request ID search. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  customerId: z.optional(Id),
});

/** SPEC request step item: id, type, answer, file. */
export const RequestFile = z.object({
  fileId: z.string(),
  name: z.string(),
  contentType: z.string(),
  bytes: z.number(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  /** A PDF's number of pages, counted when it was verified (ADR 047); null for images and older files. */
  pageCount: z._default(z.nullable(z.number()), null),
  uploadedAt: z.string(),
});
export type RequestFile = z.infer<typeof RequestFile>;
export const RequestStepItem = z.object({
  id: z.string(),
  stepId: z.string(),
  itemId: z.string(),
  type: WorkflowItemType,
  answer: z.nullable(z.string()),
  files: z.array(RequestFile),
});
export type RequestStepItem = z.infer<typeof RequestStepItem>;
/** SPEC otherwise update with the answer (text, number, date as YYYY-MM-DD, one of the choice options). */
export const RequestItemAnswer = z.object({ answer: z.string().check(z.maxLength(4000)) });

/** SPEC item comment: requestStepItemId, comment, optional positionX/positionY (a pin, as 0..1 of the image or of the PDF page). */
export const ItemCommentInput = z.object({
  requestStepItemId: z.string().check(z.minLength(1), z.maxLength(120)),
  comment: z.string().check(z.trim(), z.minLength(1, 'Enter a comment'), z.maxLength(4000)),
  positionX: z.optional(z.number().check(z.gte(0), z.lte(1))),
  positionY: z.optional(z.number().check(z.gte(0), z.lte(1))),
  /** Which file of a screenflow the pin is on. */
  fileId: z.optional(z.string().check(z.maxLength(80))),
  /** A pin on a PDF: its page (1..pageCount); a pin on an image has none (ADR 047). */
  page: z.optional(z.number().check(z.int(), z.gte(1))),
});
export const ItemComment = z.object({
  commentId: z.string(),
  requestStepItemId: z.string(),
  comment: z.string(),
  positionX: z.nullable(z.number()),
  positionY: z.nullable(z.number()),
  fileId: z.nullable(z.string()),
  /** The pin's number on its file (1, 2, ...; one count across a PDF's pages), null when not positioned. */
  pin: z.nullable(z.number()),
  /** The PDF page the pin is on (ADR 047); null on an image, for a thread comment, and in older comments. */
  page: z._default(z.nullable(z.number()), null),
  author: z.string(),
  /** The author's display name at the time (older comments have none: show `author`). */
  authorName: z.optional(z.string()),
  createdAt: z.string(),
});
export type ItemComment = z.infer<typeof ItemComment>;

/** One entry of the audit trail: who, when, what, before and after. */
export const AuditEntry = z.object({
  at: z.string(),
  actor: z.string(),
  /** The actor's display name at the time (older entries have none: show the username). */
  actorName: z.optional(z.string()),
  action: z.string(),
  stepId: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.json())),
  after: z.nullable(z.record(z.string(), z.json())),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const WorkflowRequest = z.object({
  id: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  workflowVersion: z.number(),
  customerId: z.string(),
  workflowStepId: z.string(),
  /** The current step's index in the workflow version (W1: added for the stepper). */
  stepIndex: z.number(),
  enquiry: z.string(),
  deleted: Flag,
  approved: Flag,
  rejected: Flag,
  status: z.enum(REQUEST_STATUSES),
  requestedBy: z.string(),
  /** The requester's display name (the server sends it, the username for older requests). */
  requestedByName: z.optional(z.string()),
  approvedAt: z.nullable(z.string()),
  rejectedAt: z.nullable(z.string()),
  editedBy: z.string(),
  /** The display name of whoever changed the request last (as requestedByName). */
  editedByName: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkflowRequest = z.infer<typeof WorkflowRequest>;
/** A page of the request list (SPEC pagination) and whether it saw every candidate (ADR 048). */
export const WorkflowRequestPage = z.extend(pageOf(WorkflowRequest), { complete: z._default(z.boolean(), true) });

/** GET flow/workflow-requests/:id (W1): the request with its workflow version, every item, comments, audit trail, and what the caller may do. */
export const RequestDetail = z.object({
  request: WorkflowRequest,
  workflow: Workflow,
  items: z.array(RequestStepItem),
  comments: z.array(ItemComment),
  audit: z.array(AuditEntry),
  may: z.record(z.enum(REQUEST_ACTIONS), z.boolean()),
});
export type RequestDetail = z.infer<typeof RequestDetail>;

/** Upload limits (presigned POST conditions, then verified by magic bytes and pixel dimensions). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

import { Id, pageOf } from '../shared/schemas.ts';
import * as z from '../shared/zod.ts';
import { Workflow, WorkflowItemType } from './workflow.ts';

/**
 * Requests (ADR 046): an instance of a workflow version a requester submits step by step; its flags, the
 * state table, the request's wire contracts (the workflow itself is workflow.ts).
 */

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

export const mayDo = (s: RequestState, action: RequestAction): boolean => REQUEST_TRANSITIONS[requestStatus(s)].includes(action);

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
export const WorkflowRejection = z.object({
  comment: z.string().check(z.trim(), z.minLength(1, 'Say why the request is rejected'), z.maxLength(4000)),
});

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

/** One changed field of a proposed change: its path (`billingAddress.city`, `contacts.1.email`), old and new text (ADR 085). */
export const ChangeDiffEntry = z.object({ field: z.string(), before: z.nullable(z.string()), after: z.nullable(z.string()) });
export type ChangeDiffEntry = z.infer<typeof ChangeDiffEntry>;
/** What a request proposes when approving it applies a change (ADR 085): its kind and the diff the approver decides on. */
export const RequestChange = z.object({ kind: z.string(), diff: z.array(ChangeDiffEntry) });
export type RequestChange = z.infer<typeof RequestChange>;

/** GET flow/workflow-requests/:id (W1): the request with its workflow version, every item, comments, audit trail, and what the caller may do. */
export const RequestDetail = z.object({
  request: WorkflowRequest,
  workflow: Workflow,
  items: z.array(RequestStepItem),
  comments: z.array(ItemComment),
  audit: z.array(AuditEntry),
  /** The change approving this request applies (ADR 085); null for a request without one. */
  change: z._default(z.nullable(RequestChange), null),
  may: z.record(z.enum(REQUEST_ACTIONS), z.boolean()),
});
export type RequestDetail = z.infer<typeof RequestDetail>;

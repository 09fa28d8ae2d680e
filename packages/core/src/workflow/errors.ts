import type { CodesOf } from '../shared/errors.ts';

/** The workflow catalogue (ARCHITECTURE convention 2). */
export const WORKFLOW = {
  NOT_FOUND: 'WORKFLOW.NOT_FOUND',
  /** No such request, or another customer's (both answer alike). */
  REQUEST_NOT_FOUND: 'WORKFLOW.REQUEST_NOT_FOUND',
  ITEM_NOT_FOUND: 'WORKFLOW.ITEM_NOT_FOUND',
  /** The action is not allowed in the request's state (REQUEST_TRANSITIONS), or another decision came first: 409. */
  STATE_CONFLICT: 'WORKFLOW.STATE_CONFLICT',
  /** A requester cannot approve or reject their own request. */
  OWN_REQUEST: 'WORKFLOW.OWN_REQUEST',
  /** A required item has no answer, or the submitted step is not the current one. */
  STEP_INCOMPLETE: 'WORKFLOW.STEP_INCOMPLETE',
  STEP_NOT_CURRENT: 'WORKFLOW.STEP_NOT_CURRENT',
  ANSWER_INVALID: 'WORKFLOW.ANSWER_INVALID',
  /** Upload rejected: too large, wrong type by its bytes, too many pixels, empty, or active content. */
  UPLOAD_REJECTED: 'WORKFLOW.UPLOAD_REJECTED',
} as const;
export type WorkflowErrorCode = CodesOf<typeof WORKFLOW>;

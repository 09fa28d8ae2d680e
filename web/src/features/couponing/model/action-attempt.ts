import { ApiError, ClientErrorCode } from '../../../lib/api-client.ts';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { ActionRequest } from '../api/serial-check.ts';

/**
 * The Idempotency-Key of a coupon action (ADR 016). Every user action gets a fresh key; a click whose
 * answer never arrived (network failure, 5xx, an unreadable answer) stays open, and clicking the same
 * action again with the same card and terminal retries it with the SAME key, so the server books it at
 * most once. Any answer that settles the click (success, a 4xx refusal) closes it: the next click is a
 * new action with a new key (after void, "activate again" must not replay an earlier activation).
 */
export interface Attempt {
  request: ActionRequest;
  key: string;
}

const sameRequest = (a: ActionRequest, b: ActionRequest) =>
  a.serial === b.serial && a.ean === b.ean && a.action === b.action && a.terminalId === b.terminalId;

/** The attempt for a click: the open one when it is the same request, else a new one with a fresh key. */
export function attemptFor(open: Attempt | null, request: ActionRequest, generate: () => string = generateIdempotencyKey): Attempt {
  return open && sameRequest(open.request, request) ? open : { request, key: generate() };
}

/** Whether a failure leaves the outcome unknown (the action may have been booked): keep the attempt open. */
export const outcomeUnknown = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.code === ClientErrorCode.invalidResponse;

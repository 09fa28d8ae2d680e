import { requestDetails, type RequestServiceDeps } from './request-details.ts';
import { requestAnswers } from './request-answers.ts';
import { requestListing } from './request-listing.ts';
import { requestTransitions } from './request-transitions.ts';

export { type RequestListQuery, type RequestServiceDeps, requestView } from './request-details.ts';

/**
 * Requests (ADR 046), composed from their use cases: what a user sees (request-listing.ts), a request's life
 * (request-transitions.ts) and the answers to its items (request-answers.ts).
 */
export function createRequestService(deps: RequestServiceDeps) {
  const calls = requestDetails(deps);
  return { ...requestListing(calls), ...requestTransitions(calls), ...requestAnswers(calls) };
}

export type RequestService = ReturnType<typeof createRequestService>;

import { RequestDetail, WorkflowRequestPage } from '@portal/core/workflow';
import { toPagination } from '@portal/core/shared';
import useSWR from 'swr';
import { flowSection } from '../../../lib/flow-section.ts';
import { idempotent, SECTION_READ } from '../../../lib/resource-client.ts';

/**
 * The Requests section's list calls (ADR 046; workflows-shared.md): flow/workflows (the list's filter),
 * flow/workflow-requests (the list, a new request), on the typed client (ADR 057); a request's page has its
 * own (request-calls.ts), so the list does not download them (ADR 128). Failures are shown in place (codes
 * translated), so no snack; a 401/403 still opens the auth dialog. Keys share the resource client's shape
 * `[scope, portal, route, kind, path]` (a logout drops them); every write re-reads the section's answers,
 * the shown one kept until then. The section's scope and its workflow list are lib/flow-section.ts's.
 */
export const requestsSection = flowSection;
export const refreshRequests = requestsSection.refresh;
const { client, read, write, key } = requestsSection;
const flow = () => client().flow;

export interface RequestListQuery {
  history: boolean;
  /** SPEC only-pending=0 (approvers): drafts and rejected requests too. */
  allOpen?: boolean;
  workflowId: string;
  customerId: string;
  q: string;
  index: number;
  maxResults: number;
}
/** `enabled` false: no call (a global user has not chosen a customer yet). */
export function useRequestList(query: RequestListQuery, enabled = true) {
  const at = flow()['workflow-requests'];
  // Names in order: one query, one key.
  const args = {
    query: {
      ...(query.customerId ? { customerId: query.customerId } : {}),
      index: String(query.index),
      maxResults: String(query.maxResults),
      ...(query.history ? { mode: 'history' as const } : {}),
      ...(query.allOpen ? { 'only-pending': '0' as const } : {}),
      ...(query.q ? { q: query.q } : {}),
      ...(query.workflowId ? { workflowId: query.workflowId } : {}),
    },
  };
  return useSWR(
    enabled ? key('flow/workflow-requests', 'list', at.$path(args)) : null,
    async () => {
      const page = await read(at.$get(args), WorkflowRequestPage);
      return { ...page, pagination: toPagination(page) };
    },
    { ...SECTION_READ, keepPreviousData: true },
  );
}

export const createRequest = (input: { workflowId: string; customerId: string }, idempotencyKey: string) =>
  write(flow()['workflow-requests'].$post({ json: input, header: idempotent(idempotencyKey) }), RequestDetail);

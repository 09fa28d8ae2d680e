import { pageBounds, RETAILER } from '@portal/core/shared';
import { HISTORY_SEARCH_BOUND, type RequestDetail, requestStatus } from '@portal/core/workflow';
import { type Actor, mayActFor } from '../access/index.ts';
import { allCustomerRoles } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import { decidesOn, getRequestForActor } from './request-access.ts';
import { doneCount, type HistoryScope, listOpenRequests, newestDone, stateOf, type StoredRequest } from './request-entity.ts';
import { denied, hasFlow } from './workflow-service.ts';
import { type RequestCalls, type RequestListQuery, requestView, CUSTOMER_KINDS } from './request-details.ts';

/** Which requests a user sees (ADR 046, ADR 048): the open ones, the history, the approver's inbox, one request. */
export function requestListing(calls: RequestCalls) {
  const { db, now, require, visibleCustomer, detailOf } = calls;
  /**
   * The customers of the list (ADR 046 item 6): the one asked for; else the actor's own customer, or for a customer
   * group's user the group's customers (one index Query per kind); a global user without one picks a customer (none).
   */
  async function customersInScope(actor: Actor, customerId: string | undefined): Promise<string[]> {
    if (customerId) {
      if (!(await visibleCustomer(actor, customerId))) throw new AppError('not_found', RETAILER.NOT_FOUND, 'Customer not found.');
      return [customerId];
    }
    if (!actor.customerId || actor.access.security.global) return [];
    if (await visibleCustomer(actor, actor.customerId)) return [actor.customerId];
    const members = (await Promise.all(CUSTOMER_KINDS.map((kind) => allCustomerRoles(db, kind, now())))).flatMap((roles) =>
      roles.filter((role) => mayActFor(actor, role)),
    );
    return [...new Set(members.map((m) => m.customerId))];
  }
  /** The open requests (draft, pending, rejected) of the customers: live work, one Query each (ADR 048). */
  const openRequestsOf = async (customerIds: string[]) => (await Promise.all(customerIds.map((id) => listOpenRequests(db, id)))).flat();
  const newestFirst = (a: StoredRequest, b: StoredRequest) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

  /**
   * A page of the history (approved, archived; ADR 048): approvers see the customers' whole history, a requester
   * their own. Unfiltered: the exact total from the done counters, then the newest (page end) requests of each
   * customer — one Query each whatever the history's length. Filtered (workflow, request ID): the newest
   * HISTORY_SEARCH_BOUND requests of each customer are searched; `complete: false` says the bound cut the search.
   */
  async function historyPage(actor: Actor, customerIds: string[], query: RequestListQuery, matches: (r: StoredRequest) => boolean) {
    const scopes: HistoryScope[] = customerIds.map((customerId) =>
      hasFlow(actor, 'approveRequests') ? { customerId } : { customerId, requestedBy: actor.username },
    );
    if (!query.workflowId && !query.q) {
      const totalCount = (await Promise.all(scopes.map((scope) => doneCount(db, scope)))).reduce((a, b) => a + b, 0);
      const { start, end } = pageBounds(query, totalCount);
      const newest = start === end ? [] : (await Promise.all(scopes.map((scope) => newestDone(db, scope, end)))).flat().sort(newestFirst);
      return { items: newest.slice(start, end), totalCount, complete: true };
    }
    const read = await Promise.all(scopes.map((scope) => newestDone(db, scope, HISTORY_SEARCH_BOUND)));
    const shown = read.flat().filter(matches).sort(newestFirst);
    const { start, end } = pageBounds(query, shown.length);
    return { items: shown.slice(start, end), totalCount: shown.length, complete: read.every((r) => r.length < HISTORY_SEARCH_BOUND) };
  }
  const awaits = (actor: Actor, r: StoredRequest) =>
    hasFlow(actor, 'approveRequests') && requestStatus(stateOf(r)) === 'pending' && decidesOn(r, actor.username);

  return {
    /**
     * GET /flow/workflow-requests (ADR 046): open requests by default (the actor's own draft, pending and rejected
     * ones, and for approvers the pending ones awaiting their decision; only-pending=0 adds the customer's other
     * drafts and rejected ones); mode=history the approved and archived ones (own; an approver's: all of the
     * customer). Newest first, paged.
     */
    async list(actor: Actor, query: RequestListQuery) {
      if (!hasFlow(actor, 'doRequests') && !hasFlow(actor, 'approveRequests')) throw denied();
      const customerIds = await customersInScope(actor, query.customerId);
      const q = query.q?.toUpperCase();
      const matches = (r: StoredRequest) => (!query.workflowId || r.workflowId === query.workflowId) && (!q || r.id.includes(q));
      const page = { index: query.index, maxResults: query.maxResults };
      if (query.mode === 'history') {
        const { items, ...rest } = await historyPage(actor, customerIds, query, matches);
        return { items: items.map(requestView), ...page, ...rest };
      }
      const approver = hasFlow(actor, 'approveRequests');
      const shown = (await openRequestsOf(customerIds)).filter((r) => {
        const own = r.requestedBy === actor.username && hasFlow(actor, 'doRequests');
        return (own || awaits(actor, r) || (approver && !query.onlyPending && r.requestedBy !== actor.username)) && matches(r);
      });
      shown.sort(newestFirst);
      const { start, end } = pageBounds(query, shown.length);
      return { items: shown.slice(start, end).map(requestView), ...page, totalCount: shown.length, complete: true };
    },

    /** GET /flow/workflow-requests/inbox-count: pending requests awaiting this approver's decision (open requests only). */
    async inboxCount(actor: Actor): Promise<{ pending: number }> {
      require(actor, 'approveRequests');
      return { pending: (await openRequestsOf(await customersInScope(actor, undefined))).filter((r) => awaits(actor, r)).length };
    },

    async get(actor: Actor, requestId: string): Promise<RequestDetail> {
      return detailOf(actor, await getRequestForActor(db, actor, requestId));
    },
  };
}

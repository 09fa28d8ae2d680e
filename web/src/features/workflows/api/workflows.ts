import { ApproverCandidates, Workflow, type WorkflowInput, type WorkflowUpdate } from '@portal/core/workflow';
import useSWR from 'swr';
import { flowSection } from '../../../lib/flow-section.ts';
import { idempotent, SECTION_READ, segment } from '../../../lib/resource-client.ts';

/**
 * The workflow editor's calls (ADR 046): flow/workflows, on the typed client (ADR 057), keyed like the
 * requests feature's (`[scope, portal, route, kind, path]`). A save re-reads the Requests section's answers
 * (workflows and requests alike), as the requests feature's writes do.
 */
const { client, read, write, key } = flowSection;
const flow = () => client().flow;

/** One workflow's latest version (the editor). */
export function useWorkflow(workflowId: string) {
  const at = flow().workflows[':workflowId'];
  const args = () => ({ param: { workflowId: segment(workflowId) }, query: {} });
  return useSWR(workflowId ? key('flow/workflows', 'get', at.$path(args())) : null, () => read(at.$get(args()), Workflow), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
/** The customer's users who may approve (a step's "who may approve"); editWorkflows only. */
export function useApproverCandidates(customerId: string) {
  const at = flow().workflows['approver-candidates'];
  const args = { query: { customerId } };
  return useSWR(
    customerId ? key('flow/workflows', 'get', at.$path(args)) : null,
    () => read(at.$get(args), ApproverCandidates),
    SECTION_READ,
  );
}
export const createWorkflow = (input: WorkflowInput, idempotencyKey: string) =>
  write(flow().workflows.$post({ json: input, header: idempotent(idempotencyKey) }), Workflow);
/** A save is a new version; `baseVersion` is the one the editor started from (a newer save meanwhile: 409). */
export const updateWorkflow = (workflowId: string, update: WorkflowUpdate) =>
  write(flow().workflows[':workflowId'].$put({ param: { workflowId: segment(workflowId) }, json: update }), Workflow);

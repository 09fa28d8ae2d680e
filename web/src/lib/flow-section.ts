import { Workflow } from '@portal/core/workflow';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { routeSection, SECTION_READ } from './resource-client.ts';

/**
 * The connect Requests section's answers (ADR 046): workflows (the definitions, features/workflows) and workflow
 * requests (their instances, features/requests) are read and refreshed as one section, so a saved workflow
 * re-reads the request list's filter and a new request the list. Both features use this one scope; it lives
 * outside them because features import only themselves (eslint.config.js).
 */
export const flowSection = routeSection('connect', ['flow/workflows', 'flow/workflow-requests']);

const WorkflowList = z.object({ workflows: z.array(Workflow) });

/** The customer's workflows: the request list's filter, "New request", and the list an editor of workflows sees. */
export function useWorkflows(customerId: string) {
  const { client, read, key } = flowSection;
  const at = client().flow.workflows;
  const args = { query: { customerId } };
  return useSWR(customerId ? key('flow/workflows', 'list', at.$path(args)) : null, () => read(at.$get(args), WorkflowList), SECTION_READ);
}

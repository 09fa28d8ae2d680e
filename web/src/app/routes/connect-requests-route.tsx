import { hasBit, hasModulePermission, SECURITY_FLAGS } from '@portal/core/auth';
import { RequestsRoute } from '../../features/requests/routes/requests-route.tsx';
import { WorkflowList } from '../../features/workflows/components/workflow-list.tsx';
import { useSession } from '../../lib/auth.ts';

/**
 * /connect/requests and /connect/requests/:requestId (ADR 046): the requests feature's screens; "New
 * request" for users with flow.doRequests, the workflows feature's list for flow.editWorkflows (its editor is a screen of its own, signed-in-routes.tsx). What a request's page offers comes from the server (`may`).
 */
export function ConnectRequestsRoute() {
  const user = useSession().status?.user;
  const modules = user?.modules;
  const mayRequest = hasModulePermission(modules, 'flow', 'doRequests', false);
  const mayApprove = hasModulePermission(modules, 'flow', 'approveRequests', false);
  // editWorkflows alone opens the section (core's table) but no request list: the workflows instead.
  if (!mayRequest && !mayApprove) return <WorkflowList />;
  return (
    <RequestsRoute
      mayRequest={mayRequest}
      mayApprove={mayApprove}
      mayEditWorkflows={hasModulePermission(modules, 'flow', 'editWorkflows', false)}
      global={hasBit(user?.securityFlag ?? 0, SECURITY_FLAGS.global)}
    />
  );
}

export { RequestRoute as ConnectRequestRoute } from '../../features/requests/routes/request-route.tsx';

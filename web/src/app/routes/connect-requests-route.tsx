import { hasBit, hasModulePermission, SECURITY_FLAGS } from '@portal/core/auth';
import { RequestsRoute } from '../../features/requests/routes/requests-route.tsx';
import { useSession } from '../../lib/auth.ts';

/**
 * /connect/requests and /connect/requests/:requestId (ADR 046): the requests feature's screens; "New
 * request" for users with flow.doRequests, the workflow editor for flow.editWorkflows. What a request's page offers comes from the server (`may`).
 */
export function ConnectRequestsRoute() {
  const user = useSession().status?.user;
  const modules = user?.modules;
  return (
    <RequestsRoute
      mayRequest={hasModulePermission(modules, 'flow', 'doRequests', false)}
      mayApprove={hasModulePermission(modules, 'flow', 'approveRequests', false)}
      mayEditWorkflows={hasModulePermission(modules, 'flow', 'editWorkflows', false)}
      global={hasBit(user?.securityFlag ?? 0, SECURITY_FLAGS.global)}
    />
  );
}

export { WorkflowEditorRoute as ConnectWorkflowEditorRoute } from '../../features/requests/routes/workflow-editor-route.tsx';
export { RequestRoute as ConnectRequestRoute } from '../../features/requests/routes/request-route.tsx';

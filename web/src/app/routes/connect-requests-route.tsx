import { hasBit, hasModulePermission, SECURITY_FLAGS } from '@portal/core/auth';
import { Suspense } from 'react';
import { FullPageSpinner } from '../../components/ui/card.tsx';
import { RequestsRoute } from '../../features/requests/routes/requests-route.tsx';
import { useT } from '../../i18n/index.ts';
import { useSession } from '../../lib/auth.ts';
import { lazyPart } from '../../lib/lazy-part.ts';

// Only a user who may edit workflows but neither request nor approve sees the workflow list instead of the
// requests: it loads for them alone (ADR 128).
const WorkflowList = lazyPart(() => import('../../features/workflows/components/workflow-list.tsx'), 'WorkflowList');

/**
 * /connect/requests (ADR 046): the requests feature's screens; "New
 * request" for users with flow.doRequests, the workflows feature's list for flow.editWorkflows. A request's page
 * (what it offers comes from the server, `may`) and the workflow editor are screens of their own
 * (connect-routes.tsx): the list does not download them (ADR 128).
 */
export function ConnectRequestsRoute() {
  const t = useT();
  const user = useSession().status?.user;
  const modules = user?.modules;
  const mayRequest = hasModulePermission(modules, 'flow', 'doRequests', false);
  const mayApprove = hasModulePermission(modules, 'flow', 'approveRequests', false);
  // editWorkflows alone opens the section (core's table) but no request list: the workflows instead.
  if (!mayRequest && !mayApprove)
    return (
      <Suspense fallback={<FullPageSpinner label={t('requests.loading')} />}>
        <WorkflowList />
      </Suspense>
    );
  return (
    <RequestsRoute
      mayRequest={mayRequest}
      mayApprove={mayApprove}
      mayEditWorkflows={hasModulePermission(modules, 'flow', 'editWorkflows', false)}
      global={hasBit(user?.securityFlag ?? 0, SECURITY_FLAGS.global)}
    />
  );
}

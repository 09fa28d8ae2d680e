import { hasModulePermission } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { useT } from '../../../i18n/index.ts';
import { fetchFor, readJson } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { KeyScope } from '../../../lib/query-keys.ts';

// Self-contained (no import of the section's api module): it ships with the connect shell.
const URL_ = '/api/flow/workflow-requests/inbox-count';
const InboxCount = z.object({ pending: z.number() });
const quiet = { portal: 'connect', notify: false, authDialog: false } as const;

/**
 * The approver's inbox count beside "Requests" in the connect navigation: requests awaiting the user's
 * decision, re-read each minute and after the section's writes (same key scope); nothing when zero or failed.
 */
export function InboxBadge() {
  const t = useT();
  const approver = hasModulePermission(useSession().status?.user?.modules, 'flow', 'approveRequests', false);
  const { data } = useSWR(approver ? [KeyScope.resource, 'connect', 'flow/workflow-requests', 'get', URL_] : null, async () => readJson(await fetchFor(quiet)(URL_), InboxCount, quiet), {
    refreshInterval: 60_000,
    shouldRetryOnError: false,
  });
  if (!data?.pending) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white" aria-label={t('connect.inboxCount', { count: data.pending })}>
      {data.pending > 99 ? '99+' : data.pending}
    </span>
  );
}

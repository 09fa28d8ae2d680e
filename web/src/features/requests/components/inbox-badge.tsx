import { hasModulePermission } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { useT } from '../../../i18n/index.ts';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { KeyScope } from '../../../lib/query-keys.ts';

// Self-contained (no import of the section's api module): it ships with the connect shell.
const InboxCount = z.object({ pending: z.number() });
const quiet = { portal: 'connect', notify: false, authDialog: false } as const;
const inboxCount = api(quiet).flow['workflow-requests']['inbox-count'];

/**
 * The approver's inbox count: requests awaiting the user's decision, re-read each minute and after the
 * section's writes (same key scope); 0 when none, failed, or not an approver. The navigation entry and the
 * phone's menu button share the one call (one SWR key).
 */
export function useInboxCount(enabled = true): number {
  const approver = hasModulePermission(useSession().status?.user?.modules, 'flow', 'approveRequests', false);
  const { data } = useSWR(
    enabled && approver ? [KeyScope.resource, 'connect', 'flow/workflow-requests', 'get', inboxCount.$path()] : null,
    async () => readJson(await inboxCount.$get(), InboxCount, quiet),
    {
      refreshInterval: 60_000,
      shouldRetryOnError: false,
    },
  );
  return data?.pending ?? 0;
}

/** The count as a bubble; `labelled` gives it its own accessible name (beside "Requests"), else it is decoration. */
export function InboxBubble({ count, labelled = true, className = '' }: { count: number; labelled?: boolean; className?: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white ${className}`}
      {...(labelled ? { 'aria-label': t('connect.inboxCount', { count }) } : { 'aria-hidden': true })}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** Beside "Requests" in the connect navigation; nothing when zero. */
export function InboxBadge() {
  const pending = useInboxCount();
  return pending ? <InboxBubble count={pending} className="ml-1.5" /> : null;
}

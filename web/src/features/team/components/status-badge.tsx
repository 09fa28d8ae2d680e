import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../i18n/index.ts';
import type { RowStatus } from '../model/members.ts';

const STATUS_THEME = { active: 'green', invited: 'blue', passwordExpired: 'orange', deactivated: 'gray' } as const satisfies Record<
  RowStatus,
  string
>;

/** An account's status as a badge: in the list's column and on the account's page (which need not load the table, ADR 148). */
export function StatusBadge({ status }: { status: RowStatus }) {
  const t = useT();
  return <Badge theme={STATUS_THEME[status]}>{t(`team.status.${status}`)}</Badge>;
}

import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { memberName, type MemberStatus, type TeamMember } from '../model/members.ts';
import { permissionText } from '../model/permissions.ts';

const STATUS_THEME = { active: 'green', invited: 'blue', deactivated: 'gray' } as const satisfies Record<MemberStatus, string>;

export function StatusBadge({ status }: { status: MemberStatus }) {
  const t = useT();
  return <Badge theme={STATUS_THEME[status]}>{t(`team.status.${status}`)}</Badge>;
}

/** The permissions of an account in words, one per line; "No permissions" when it holds none. */
export function PermissionWords({ keys }: { keys: readonly string[] }) {
  const t = useT();
  if (keys.length === 0) return <span className="text-slate-500">{t('team.noPermissions')}</span>;
  return (
    <ul className="space-y-0.5">
      {keys.map((key) => (
        <li key={key}>{permissionText({ key })}</li>
      ))}
    </ul>
  );
}

/**
 * The team's accounts (ADR 113): name (the link to its page), e-mail, portal, permissions in words, MFA,
 * last sign-in and status. A table from 640 px; below, each row a card of label/value lines (DataTable).
 */
export function MembersTable({ members, userPath }: { members: readonly TeamMember[]; userPath: (userId: string) => string }) {
  const t = useT();
  const format = useUserFormat();
  const columns: Column<TeamMember>[] = [
    {
      key: 'name',
      header: t('team.columns.name'),
      cell: (m) => (
        <Link to={userPath(m.userId)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {memberName(m)}
        </Link>
      ),
    },
    { key: 'email', header: t('team.columns.email'), cell: (m) => <span className="break-all">{m.email}</span> },
    { key: 'portal', header: t('team.columns.portal'), cell: (m) => t(`team.portal.${m.portal}`), nowrap: true },
    { key: 'permissions', header: t('team.columns.permissions'), cell: (m) => <PermissionWords keys={m.permissions} /> },
    { key: 'mfa', header: t('team.columns.mfa'), cell: (m) => t(`team.mfa.${m.mfa}`) },
    {
      key: 'lastSignIn',
      header: t('team.columns.lastSignIn'),
      cell: (m) => (m.lastSignInAt ? <time dateTime={m.lastSignInAt}>{formatDateTime(m.lastSignInAt, format)}</time> : t('team.never')),
    },
    { key: 'status', header: t('team.columns.status'), cell: (m) => <StatusBadge status={m.status} /> },
  ];
  return <DataTable caption={t('team.caption')} columns={columns} rows={members} rowKey={(m) => m.userId} />;
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { EmailAddress, PersonName } from './email-address.tsx';
import type { TeamRow } from '../model/members.ts';
import { permissionText } from '../model/permissions.ts';
import { StatusBadge } from './status-badge.tsx';

/** A list shows this many permissions of a row, then "and N more" (the account's page shows them all). */
const SHOWN_PERMISSIONS = 4;

/** The permissions of an account in words, one per line; "No permissions" when it holds none. */
export function PermissionWords({ keys }: { keys: readonly string[] }) {
  const t = useT();
  if (keys.length === 0) return <span className="text-slate-500">{t('team.noPermissions')}</span>;
  const shown = keys.length > SHOWN_PERMISSIONS ? keys.slice(0, SHOWN_PERMISSIONS - 1) : keys;
  return (
    <ul className="space-y-0.5">
      {shown.map((key) => (
        <li key={key}>{permissionText({ key })}</li>
      ))}
      {shown.length < keys.length ? (
        <li className="text-slate-500" title={keys.map((key) => permissionText({ key })).join(', ')}>
          {t('team.morePermissions', { count: keys.length - shown.length })}
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The team's accounts and pending invitations (ADR 113): name (an account's link to its page), e-mail, portal,
 * permissions in words, MFA, last sign-in and status; an invitation's actions in its last cell. A table from
 * 640 px; below, each row a card of label/value lines (DataTable).
 */
export function MembersTable({
  rows,
  userPath,
  invitationActions,
}: {
  rows: readonly TeamRow[];
  userPath: (username: string) => string;
  invitationActions: (row: Extract<TeamRow, { kind: 'invitation' }>) => ReactNode;
}) {
  const t = useT();
  const format = useUserFormat();
  const columns: Column<TeamRow>[] = [
    {
      key: 'name',
      header: t('team.columns.name'),
      cell: (row) =>
        row.kind === 'member' ? (
          <Link to={userPath(row.id)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            <PersonName {...row} />
          </Link>
        ) : (
          <span className="font-medium text-slate-900">
            <PersonName {...row} />
          </span>
        ),
    },
    {
      // At least 10rem in the table, so a usual address breaks once, at its @, not at every dot (ADR 123).
      key: 'email',
      header: t('team.columns.email'),
      cell: (row) => <EmailAddress email={row.email} className="sm:inline-block sm:min-w-40" />,
    },
    { key: 'portal', header: t('team.columns.portal'), cell: (row) => row.portals.map((p) => t(`team.portal.${p}`)).join(', ') },
    { key: 'permissions', header: t('team.columns.permissions'), cell: (row) => <PermissionWords keys={row.permissions} /> },
    { key: 'mfa', header: t('team.columns.mfa'), cell: (row) => (row.kind === 'invitation' ? '—' : t(`team.mfa.${row.mfa}`)) },
    {
      key: 'lastSignIn',
      header: t('team.columns.lastSignIn'),
      cell: (row) =>
        row.lastSignInAt ? <time dateTime={row.lastSignInAt}>{formatDateTime(row.lastSignInAt, format)}</time> : t('team.never'),
    },
    { key: 'status', header: t('team.columns.status'), cell: (row) => <StatusBadge status={row.status} /> },
  ];
  // An invitation's actions: a column only while the list shows one (an account's actions are on its page).
  if (rows.some((row) => row.kind === 'invitation'))
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{t('team.columns.actions')}</span>,
      label: t('team.columns.actions'),
      cell: (row) => (row.kind === 'invitation' ? invitationActions(row) : null),
    });
  return <DataTable caption={t('team.caption')} columns={columns} rows={rows} rowKey={(row) => `${row.kind}:${row.id}`} />;
}

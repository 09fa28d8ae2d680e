import type { TeamOverview } from '@portal/core/auth/team';
import type { Portal } from '@portal/core/shared';
import { Suspense, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SearchField } from '../../../components/ui/list-search.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { snacks } from '../../../lib/snack.ts';
import { resendInvitation, useTeam, withdrawInvitation } from '../api/team.ts';
import { InviteDialog, preloadInviteForm } from '../components/invite-dialog.tsx';
import { MembersTable } from '../components/members-table.tsx';
import { capReached } from '../model/seats.ts';
import { memberName, STATUS_FILTERS, type StatusFilter, type TeamRow, teamRows, visibleRows } from '../model/members.ts';
import { permissionRefs } from '../model/permissions.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

type InvitationRow = Extract<TeamRow, { kind: 'invitation' }>;

// The confirmation (and the form parts it shares a chunk with) on the first "Withdraw" (ADR 153).
const ConfirmDialog = lazyPart(() => import('../components/confirm-dialog.tsx'), 'ConfirmDialog');

/**
 * Users (/app/team, /connect/team; ADR 113): the customer's accounts and pending invitations, searched by name
 * or e-mail address and filtered by status; an account leads to its page, an invitation is sent again or
 * withdrawn here. "Invite colleague" opens the invitation dialog, closed while the brand's cap is reached.
 */
export function TeamRoute() {
  const t = useT();
  const portal = usePortal();
  const result = useTeam(portal);
  const [inviting, setInviting] = useState(false);
  const full = result.data ? capReached(result.data) : false;
  const capNotice = useCapNotice();
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <PageHeader
        title={t('team.title')}
        description={t('team.intro')}
        actions={
          <Button
            onClick={() => setInviting(true)}
            onPointerEnter={preloadInviteForm}
            onFocus={preloadInviteForm}
            disabled={!result.data || full}
          >
            {t('team.invite.open')}
          </Button>
        }
      />
      <QueryState result={result} failedMessage={t('team.loadFailed')} retryLabel={t('team.retry')} loadingLabel={t('team.loading')}>
        {(data) => (
          <>
            {data.cap.limit !== null ? <Alert theme={full ? 'orange' : 'blue'}>{capNotice(data, full)}</Alert> : null}
            <TeamList data={data} portal={portal} />
            <InviteDialog
              open={inviting}
              onClose={() => setInviting(false)}
              portal={portal}
              offered={permissionRefs(data.grantable)}
              scopes={data.scopes}
              cap={data.cap}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The cap in words: one customer's count, or, for an admin placing members at several, the rule per company. */
function useCapNotice() {
  const t = useT();
  return (data: TeamOverview, full: boolean) => {
    const values = { used: data.cap.used, limit: data.cap.limit ?? 0 };
    if (data.scopes.length > 1) return t(full ? 'team.cap.reachedAll' : 'team.cap.perCompany', values);
    return t(full ? 'team.cap.reached' : 'team.cap.used', values);
  };
}

function TeamList({ data, portal }: { data: TeamOverview; portal: Portal }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [withdrawing, setWithdrawing] = useState<InvitationRow | null>(null);
  const shown = visibleRows(teamRows(data), query, filter);
  const userPath = portal === 'connect' ? paths.connect.teamUser : paths.app.teamUser;
  const resend = async (row: InvitationRow) => {
    try {
      await resendInvitation(portal, row.id);
      snacks.success(t('team.invite.sent', { email: row.email }));
    } catch (error) {
      snacks.error(errorMessage(error));
    }
  };
  return (
    <>
      <div className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_14rem]" role="search">
        <SearchField label={t('team.search.label')} placeholder={t('team.search.placeholder')} value={query} onValueChange={setQuery} />
        <SelectField
          label={t('team.filter.label')}
          value={filter}
          options={STATUS_FILTERS.map((value) => ({ value, label: t(`team.filter.${value}`) }))}
          onValueChange={setFilter}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState heading="h2" title={t('team.empty.title')} text={t('team.empty.text')} />
      ) : (
        <MembersTable
          rows={shown}
          userPath={userPath}
          invitationActions={(row) => (
            <div className="flex flex-wrap gap-2">
              <Button theme="secondary" onClick={() => void resend(row)} aria-label={t('team.invite.resendFor', { email: row.email })}>
                {t('team.invite.resend')}
              </Button>
              <Button theme="text" onClick={() => setWithdrawing(row)} aria-label={t('team.invite.withdrawFor', { email: row.email })}>
                {t('team.invite.withdraw')}
              </Button>
            </div>
          )}
        />
      )}
      <WithdrawDialog row={withdrawing} portal={portal} onClose={() => setWithdrawing(null)} />
    </>
  );
}

function WithdrawDialog({ row, portal, onClose }: { row: InvitationRow | null; portal: Portal; onClose: () => void }) {
  const t = useT();
  // A closed dialog renders nothing (components/ui/dialog.tsx): it is there only while a withdrawal is asked.
  if (!row) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        title={t('team.confirm.withdrawTitle')}
        actionLabel={t('team.invite.withdraw')}
        onClose={onClose}
        onConfirm={async () => {
          await withdrawInvitation(portal, row.id);
          snacks.success(t('team.invite.withdrawn', { email: row.email }));
          onClose();
        }}
      >
        <p>{t('team.confirm.withdrawText', { name: memberName(row), email: row.email })}</p>
      </ConfirmDialog>
    </Suspense>
  );
}

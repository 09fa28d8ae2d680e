import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { SearchField } from '../../../components/ui/list-search.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { useTeam } from '../api/team.ts';
import { InviteDialog } from '../components/invite-dialog.tsx';
import { MembersTable } from '../components/members-table.tsx';
import { type StatusFilter, visibleMembers } from '../model/members.ts';
import { grantablePermissions } from '../model/permissions.ts';

const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'active', 'invited', 'deactivated'];

/**
 * Users (/app/team, /connect/team; ADR 113): the customer's accounts, searched by name or e-mail address and
 * filtered by status, each leading to its page; "Invite colleague" opens the invitation dialog.
 */
export function TeamRoute() {
  const t = useT();
  const portal = usePortal();
  const { status } = useSession();
  const result = useTeam(portal);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [inviting, setInviting] = useState(false);
  const offered = grantablePermissions(portal, status?.user?.modules);
  const userPath = portal === 'connect' ? paths.connect.teamUser : paths.app.teamUser;
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <PageHeader
        title={t('team.title')}
        description={t('team.intro')}
        actions={
          <Button onClick={() => setInviting(true)} disabled={!result.data}>
            {t('team.invite.open')}
          </Button>
        }
      />
      <QueryState result={result} failedMessage={t('team.loadFailed')} retryLabel={t('team.retry')} loadingLabel={t('team.loading')}>
        {(data) => {
          const shown = visibleMembers(data.items, query, filter);
          return (
            <>
              <div className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_14rem]" role="search">
                <SearchField
                  label={t('team.search.label')}
                  placeholder={t('team.search.placeholder')}
                  value={query}
                  onValueChange={setQuery}
                />
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
                <MembersTable members={shown} userPath={userPath} />
              )}
              <InviteDialog
                open={inviting}
                onClose={() => setInviting(false)}
                portal={portal}
                offered={offered}
                scopeOptions={data.scopeOptions}
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

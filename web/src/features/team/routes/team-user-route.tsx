import type { TeamMember, TeamOverview } from '@portal/core/auth/team';
import type { Portal } from '@portal/core/shared';
import { type FormEvent, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Facts } from '../../../components/fact.tsx';
import { Alert, ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader, SectionCard } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { snacks } from '../../../lib/snack.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { updateAccess, useTeam } from '../api/team.ts';
import { EmailAddress, PersonName } from '../components/email-address.tsx';
import { PermissionChecks, ScopeSelect } from '../components/grant-fields.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { mfaOf, teamRows } from '../model/members.ts';
import { type PermissionRef, permissionKeys, permissionRefs, toPermissions } from '../model/permissions.ts';
import { teamChange } from '../model/team-form.ts';
import type { Pending } from '../components/account-dialogs.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The account's dialogs (the confirmation, the password prompt): their own chunk, loaded on intent (ADR 155).
const loadDialogs = () => import('../components/account-dialogs.tsx');
const AccountDialogs = lazyPart(loadDialogs, 'AccountDialogs');
const preloadDialogs = () => void loadDialogs().catch(() => undefined);

const teamPath = (portal: Portal) => (portal === 'connect' ? paths.connect.team : paths.app.team);

/**
 * One account of the team (/app/team/:userId, /connect/team/:userId, the id its username; ADR 113): its facts,
 * where it belongs and its permissions to change (only within what the admin holds), deactivate or reactivate
 * it (after a confirmation), reset its MFA and send it a password reset (both after re-authentication, My
 * Account's password prompt). The admin's own account is shown, not changed. An id the team does not hold
 * shows "not found", whoever's it is.
 */
export function TeamUserRoute() {
  const t = useT();
  const portal = usePortal();
  const { userId = '' } = useParams();
  const result = useTeam(portal);
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <Link to={teamPath(portal)} className="inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {t('team.user.back')}
      </Link>
      <QueryState result={result} failedMessage={t('team.loadFailed')} retryLabel={t('team.retry')} loadingLabel={t('team.loading')}>
        {(data) => {
          const member = data.members.find((m) => m.username === userId);
          if (!member) return <EmptyState title={t('team.user.notFound.title')} text={t('team.user.notFound.text')} />;
          return <MemberPage key={member.username} member={member} data={data} portal={portal} />;
        }}
      </QueryState>
    </div>
  );
}

function MemberPage({ member, data, portal }: { member: TeamMember; data: TeamOverview; portal: Portal }) {
  const t = useT();
  const format = useUserFormat();
  const row = teamRows({ ...data, members: [member], invitations: [] })[0];
  const mfa = `${t(`team.mfa.${mfaOf(member)}`)}${member.mfa.required ? ` (${t('team.mfaRequired')})` : ''}`;
  return (
    <>
      <PageHeader
        title={<PersonName {...member} />}
        description={<EmailAddress email={member.email} />}
        actions={row ? <StatusBadge status={row.status} /> : null}
      />
      {member.self ? <Alert theme="blue">{t('team.user.self')}</Alert> : null}
      <SectionCard title={t('team.user.facts')}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <Facts
            look="stacked"
            rows={[
              [t('team.columns.username'), member.username],
              [t('team.columns.portal'), member.portals.map((p) => t(`team.portal.${p}`)).join(', ')],
              [t('team.columns.mfa'), mfa],
              [t('team.columns.lastSignIn'), member.lastLoginAt ? formatDateTime(member.lastLoginAt, format) : t('team.never')],
            ]}
          />
        </dl>
      </SectionCard>
      {/* The form starts again from each version read (after a save, or another admin's change); the account's
          actions below keep their open dialog across that re-read. */}
      <GrantForm
        key={member.version}
        member={member}
        offered={permissionRefs(data.grantable)}
        scopes={data.scopes}
        cap={data.cap}
        portal={portal}
      />
      {member.self ? null : <AccountActions member={member} portal={portal} />}
    </>
  );
}

/** Where the account belongs and its permissions: saved together, conditional on the version read (TEAM.STALE in words). */
function GrantForm({
  member,
  offered,
  scopes,
  cap,
  portal,
}: {
  member: TeamMember;
  offered: readonly PermissionRef[];
  scopes: TeamOverview['scopes'];
  cap: TeamOverview['cap'];
  portal: Portal;
}) {
  const t = useT();
  const [permissions, setPermissions] = useState(() => permissionKeys(member.permissions));
  const [customerId, setCustomerId] = useState(member.customerId);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const { busy: saving, problem, run } = useBusyCall();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setIssues({});
    const access = { customerId, permissions: toPermissions(permissions), version: member.version };
    void run(async () => {
      if (await teamChange(() => updateAccess(portal, member.username, access), ['customerId', 'permissions'], setIssues))
        snacks.success(t('team.user.saved'));
    });
  };
  return (
    <SectionCard title={t('team.user.access')}>
      <form className="space-y-5" noValidate onSubmit={submit}>
        <ProblemAlert problem={problem} />
        <ScopeSelect
          scopes={scopes}
          cap={cap}
          value={customerId}
          onChange={setCustomerId}
          error={issues.customerId}
          disabled={member.self}
        />
        <PermissionChecks
          offered={offered}
          held={permissions}
          onChange={setPermissions}
          error={issues.permissions}
          disabled={member.self}
        />
        {member.self ? null : (
          <div className="flex justify-end">
            <Button type="submit" loading={saving}>
              {t('team.user.save')}
            </Button>
          </div>
        )}
      </form>
    </SectionCard>
  );
}

/** Deactivate or reactivate (a confirmation), reset MFA and send a password reset (the password prompt). */
function AccountActions({ member, portal }: { member: TeamMember; portal: Portal }) {
  const t = useT();
  const [pending, setPending] = useState<Pending>(null);
  const deactivated = member.status === 'locked';
  // The dialogs load on intent (ADR 155): a button pointed at or focused fetches them, a press shows them.
  const intent = { onPointerEnter: preloadDialogs, onFocus: preloadDialogs };
  return (
    <SectionCard title={t('team.user.actions')}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button theme="secondary" {...intent} onClick={() => setPending('passwordReset')} disabled={deactivated}>
          {t('team.user.passwordReset')}
        </Button>
        <Button theme="secondary" {...intent} onClick={() => setPending('resetMfa')} disabled={mfaOf(member) === 'none'}>
          {t('team.user.resetMfa')}
        </Button>
        {deactivated ? (
          <Button theme="secondary" {...intent} onClick={() => setPending('reactivate')}>
            {t('team.user.reactivate')}
          </Button>
        ) : (
          <Button theme="secondary" {...intent} onClick={() => setPending('deactivate')}>
            {t('team.user.deactivate')}
          </Button>
        )}
      </div>
      {/* Rendered only while one is asked: a closed dialog renders nothing anyway. */}
      {pending ? (
        <Suspense fallback={null}>
          <AccountDialogs pending={pending} member={member} portal={portal} onDone={() => setPending(null)} />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}

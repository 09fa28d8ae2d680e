import type { TeamScope } from '@portal/core/auth/team';
import type { Portal } from '@portal/core/shared';
import { type FormEvent, useState } from 'react';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { snacks } from '../../../lib/snack.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { inviteMember } from '../api/team.ts';
import { emptyInvite, type InviteDraft, inviteIssues, teamChange } from '../model/team-form.ts';
import { type PermissionRef, toPermissions } from '../model/permissions.ts';
import { PermissionChecks, ScopeSelect } from './grant-fields.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import type { TeamCap } from '../model/seats.ts';

// The invitation's form (invite-dialog.tsx): loaded when "Invite colleague" is pointed at, focused or pressed, so the
// list's first view does not download its fields, checks and idempotent submit (ADR 148).

/** The fields a refused invitation's issues may name. */
const INVITE_FIELDS = ['email', 'firstname', 'surname', 'customerId', 'permissions'];

export function InviteForm({
  portal,
  offered,
  scopes,
  cap,
  onDone,
}: {
  portal: Portal;
  offered: readonly PermissionRef[];
  scopes: readonly TeamScope[];
  cap: TeamCap;
  onDone: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(() => emptyInvite(scopes, cap));
  const [idempotencyKey] = useState(generateIdempotencyKey);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const { busy: sending, problem, run } = useBusyCall();
  const issues = { ...(submitted ? inviteIssues(draft) : {}), ...serverIssues };
  const edit = (patch: Partial<InviteDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerIssues({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (sending || Object.keys(inviteIssues(draft)).length > 0) return;
    const invite = { ...draft, email: draft.email.trim(), permissions: toPermissions(draft.permissions) };
    void run(async () => {
      if (!(await teamChange(() => inviteMember(portal, invite, idempotencyKey), INVITE_FIELDS, setServerIssues))) return;
      snacks.success(t('team.invite.sent', { email: invite.email }));
      onDone();
    });
  };

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <p>{t('team.invite.intro')}</p>
      <ProblemAlert problem={problem} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('team.fields.firstname')}
          value={draft.firstname}
          onValueChange={(firstname) => edit({ firstname })}
          error={issues.firstname}
          autoComplete="off"
          required
        />
        <TextField
          label={t('team.fields.surname')}
          value={draft.surname}
          onValueChange={(surname) => edit({ surname })}
          error={issues.surname}
          autoComplete="off"
          required
        />
      </div>
      <TextField
        label={t('team.fields.email')}
        type="email"
        value={draft.email}
        onValueChange={(email) => edit({ email })}
        error={issues.email}
        autoComplete="off"
        required
      />
      <ScopeSelect
        scopes={scopes}
        cap={cap}
        value={draft.customerId}
        onChange={(customerId) => edit({ customerId })}
        error={issues.customerId}
      />
      <PermissionChecks
        offered={offered}
        held={draft.permissions}
        onChange={(permissions) => edit({ permissions })}
        error={issues.permissions}
      />
      <FormActions submitLabel={t('team.invite.submit')} onCancel={onDone} loading={sending} />
    </form>
  );
}

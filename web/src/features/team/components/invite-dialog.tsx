import type { TeamScope } from '@portal/core/auth/team';
import type { Portal } from '@portal/core/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { generateIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { snacks } from '../../../lib/snack.ts';
import { inviteMember } from '../api/team.ts';
import { emptyInvite, type InviteDraft, inviteIssues, teamFailure } from '../model/team-form.ts';
import { type PermissionRef, toPermissions } from '../model/permissions.ts';
import { PermissionChecks, ScopeSelect } from './grant-fields.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import type { TeamCap } from '../model/seats.ts';

/**
 * "Invite colleague" (ADR 113): name, e-mail address, where the account belongs and the permissions (only
 * the admin's own, in words). The server mails a single-use invitation link; a retried submit sends one invitation (the
 * idempotency key lives as long as the dialog's form).
 */
export function InviteDialog({
  open,
  onClose,
  portal,
  offered,
  scopes,
  cap,
}: {
  open: boolean;
  onClose: () => void;
  portal: Portal;
  offered: readonly PermissionRef[];
  scopes: readonly TeamScope[];
  cap: TeamCap;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('team.invite.title')} closeLabel={t('common.close')}>
      {open ? <InviteForm portal={portal} offered={offered} scopes={scopes} cap={cap} onDone={onClose} /> : null}
    </Dialog>
  );
}

function InviteForm({
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
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const issues = { ...(submitted ? inviteIssues(draft) : {}), ...serverIssues };
  const edit = (patch: Partial<InviteDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerIssues({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (sending || Object.keys(inviteIssues(draft)).length > 0) return;
    setSending(true);
    setProblem(null);
    try {
      await inviteMember(portal, { ...draft, email: draft.email.trim(), permissions: toPermissions(draft.permissions) }, idempotencyKey);
      snacks.success(t('team.invite.sent', { email: draft.email.trim() }));
      onDone();
    } catch (error) {
      const failure = teamFailure(error, ['email', 'firstname', 'surname', 'customerId', 'permissions']);
      setServerIssues(failure.fields);
      setProblem(failure.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="space-y-4" noValidate onSubmit={(e) => void submit(e)}>
      <p>{t('team.invite.intro')}</p>
      {problem ? (
        <Alert theme="red" role="alert">
          {problem}
        </Alert>
      ) : null}
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

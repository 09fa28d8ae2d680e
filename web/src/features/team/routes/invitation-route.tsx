import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from '../../../components/auth-card.tsx';
import { NewPasswordFields } from '../../../components/password-fields.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Alert, ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import {
  type AcceptField,
  type Accepted,
  acceptErrors,
  acceptInvitation,
  checkInvitation,
  type InvitationState,
  invitationTokenOf,
} from '../api/invitation.ts';

/**
 * /invitation?token=… (public; ADR 113): the single-use link mailed to an invited colleague. The link is
 * checked on open (a spent or expired one says so at once); the invitee chooses a username and a password by
 * the policy (the reset page's fields and rules) and then signs in, where a brand that requires MFA leads on
 * to its set-up (MFA or a passkey) before the portal answers.
 */
export function InvitationRoute() {
  const t = useT();
  const token = invitationTokenOf(useLocation().search) ?? '';
  const [state, setState] = useState<InvitationState | 'checking'>('checking');
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  useEffect(() => {
    let current = true;
    if (token === '') setState({ kind: 'invalid' });
    else
      void checkInvitation(token).then((answer) => {
        if (current) setState(answer);
      });
    return () => {
      current = false;
    };
  }, [token]);

  const invalid = state !== 'checking' && state.kind === 'invalid';
  const intro =
    state !== 'checking' && state.kind === 'valid' && !accepted ? t('team.invitation.intro', { email: state.invitation.email }) : undefined;
  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      <AuthCard title={t('team.invitation.title')} intro={intro} backTo={portalPaths(accepted?.portal ?? 'ordering').home}>
        {accepted ? (
          <Done accepted={accepted} />
        ) : invalid ? (
          <Alert theme="red" role="alert" title={t('team.invitation.spentTitle')} className="mt-6">
            {t('team.invitation.spent')}
          </Alert>
        ) : state === 'checking' ? (
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner /> {t('team.invitation.checking')}
          </p>
        ) : (
          <PasswordForm
            token={token}
            mfaRequired={state.kind === 'valid' && state.invitation.mfaRequired}
            onAccepted={setAccepted}
            onSpent={() => setState({ kind: 'invalid' })}
          />
        )}
      </AuthCard>
    </div>
  );
}

function Done({ accepted }: { accepted: Accepted }) {
  const t = useT();
  return (
    <div className="mt-6 space-y-5">
      <Alert theme="green">
        {t(accepted.mfaRequired ? 'team.invitation.doneMfa' : 'team.invitation.done', { username: accepted.username })}
      </Alert>
      <Link to={portalPaths(accepted.portal).home} className={buttonClasses('primary', true)}>
        {t('team.invitation.toLogin')}
      </Link>
    </div>
  );
}

const EMPTY = { username: '', newPassword: '', newPasswordVerify: '' };

function PasswordForm({
  token,
  mfaRequired,
  onAccepted,
  onSpent,
}: {
  token: string;
  mfaRequired: boolean;
  onAccepted: (accepted: Accepted) => void;
  onSpent: () => void;
}) {
  const t = useT();
  const form = useFormFields<AcceptField | 'token', typeof EMPTY>(EMPTY, (v) => acceptErrors(token, v));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const invalid =
    form.errors.username !== undefined || form.errors.newPassword !== undefined || form.errors.newPasswordVerify !== undefined;
  const usernameError = form.shown.username;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || sending) return;
    setSending(true);
    setProblem(null);
    const outcome = await acceptInvitation(token, form.values);
    setSending(false);
    if (outcome.ok) return onAccepted(outcome.accepted);
    if (outcome.linkInvalid) return onSpent();
    form.setServerErrors(outcome.fieldErrors);
    if (Object.keys(outcome.fieldErrors).length === 0) setProblem(errorMessage(outcome.error));
  };
  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={(e) => void submit(e)}>
      <ProblemAlert problem={problem} />
      <TextField
        label={t('team.invitation.username')}
        name="username"
        autoComplete="username"
        required
        helperText={t('team.invitation.usernameHint')}
        value={form.values.username}
        onValueChange={form.change('username')}
        error={usernameError ? translateCoreMessage(t, usernameError) : undefined}
      />
      <NewPasswordFields form={form} />
      {mfaRequired ? <p className="text-sm text-slate-600">{t('team.invitation.mfaNext')}</p> : null}
      <Button type="submit" block loading={sending} disabled={invalid}>
        {t('team.invitation.submit')}
      </Button>
    </form>
  );
}

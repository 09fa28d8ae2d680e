import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import {
  type ForgotPasswordOutcome,
  forgotPasswordError,
  requestPasswordReset,
} from '../api/forgot-password.ts';

/**
 * Forgot password (SPEC 2, 5, 7): one field taking an e-mail address or username, sent as `username` to
 * POST auth/forgot-password. The server's message is shown when it sends one; otherwise the spec's texts
 * 'Please follow the instructions we sent to: …' / 'Failed to resend password for: …'.
 */
export function ForgotPasswordForm() {
  const t = useT();
  const portal = usePortal();
  const [username, setUsername] = useState('');
  const [dirty, setDirty] = useState(false);
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<(ForgotPasswordOutcome & { address: string }) | null>(null);

  const error = forgotPasswordError(username);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error || loading) return;
    setLoading(true);
    setOutcome(null);
    const address = username.trim();
    const result = await requestPasswordReset(address, portal);
    setOutcome({ ...result, address });
    setLoading(false);
  };

  const outcomeText = (o: NonNullable<typeof outcome>) => {
    if (o.serverMessage) return translateCoreMessage(t, o.serverMessage);
    // en-US reads exactly like core's resetInstructionsSentMessage / resendPasswordFailedMessage.
    return o.ok
      ? t('forgotPassword.success', { address: o.address })
      : t('forgotPassword.failure', { address: o.address });
  };

  return (
    <div className="w-full rounded-2xl bg-white p-6 shadow-lg shadow-slate-900/5 ring-1 ring-slate-200 sm:p-8">
      <h1 className="text-xl font-semibold text-slate-900">{t('forgotPassword.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('forgotPassword.intro')}</p>
      <form className="mt-6 space-y-4" noValidate onSubmit={submit}>
        {outcome ? (
          <Alert theme={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
            {outcomeText(outcome)}
          </Alert>
        ) : null}
        <TextField
          label={t('forgotPassword.field')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onValueChange={(value) => {
            setUsername(value);
            setDirty(true);
          }}
          error={dirty && error ? translateCoreMessage(t, error) : undefined}
        />
        <Button type="submit" block loading={loading} disabled={Boolean(error)}>
          {t('forgotPassword.submit')}
        </Button>
      </form>
      <div className="mt-5 border-t border-slate-100 pt-4 text-center">
        <Link
          to={paths.home}
          className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
        >
          {t('forgotPassword.back')}
        </Link>
      </div>
    </div>
  );
}

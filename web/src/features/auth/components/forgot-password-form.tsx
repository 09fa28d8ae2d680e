import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UsernameField } from './username-field.tsx';
import { fieldText, translateCoreMessage, useT } from '../../../i18n/index.ts';
import { type ForgotPasswordOutcome, forgotPasswordError } from '../api/forgot-password.ts';
import { useRequestPasswordReset } from '../api/use-password-reset.ts';

/**
 * Forgot password (SPEC 2, 5, 7): one field taking an e-mail address or username, sent as `username` to
 * POST auth/forgot-password. The server's message is shown ('Please follow the instructions we sent to:
 * …'); without one, the spec's texts.
 */
export function ForgotPasswordForm() {
  const t = useT();
  const { request, requesting: loading } = useRequestPasswordReset();
  const [username, setUsername] = useState('');
  const [dirty, setDirty] = useState(false);
  const [outcome, setOutcome] = useState<(ForgotPasswordOutcome & { address: string }) | null>(null);
  const error = forgotPasswordError(username);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error || loading) return;
    setOutcome(null);
    const address = username.trim();
    const result = await request(address);
    setOutcome({ ...result, address });
  };

  const outcomeText = (o: NonNullable<typeof outcome>) => {
    // The server's texts are core's (resetInstructionsSentMessage): shown in the user's language.
    if (o.ok) return t('forgotPassword.success', { address: o.address });
    if (o.serverMessage) return translateCoreMessage(t, o.serverMessage);
    return t('forgotPassword.failure', { address: o.address });
  };

  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={submit}>
      {outcome ? (
        <Alert theme={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          {outcomeText(outcome)}
        </Alert>
      ) : null}
      <UsernameField
        label={t('forgotPassword.field')}
        value={username}
        onValueChange={(value) => {
          setUsername(value);
          setDirty(true);
        }}
        error={dirty && error ? fieldText(t, error) : undefined}
      />
      <Button type="submit" block loading={loading} disabled={Boolean(error)}>
        {t('forgotPassword.submit')}
      </Button>
    </form>
  );
}

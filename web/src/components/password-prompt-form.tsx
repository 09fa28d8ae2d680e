import { Messages } from '@portal/core/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ProblemAlert } from './ui/alert.tsx';
import { CurrentPasswordField } from './password-fields.tsx';
import { needsPassword, type ReauthFailure, reauthFailure } from '../lib/reauth.ts';
import { FormActions } from './form-actions.tsx';

/**
 * The password prompt's form (password-prompt.tsx): loaded once the page is idle or the prompt opens, so a screen
 * that only may ask (a team member's page, My Account) does not download the field, its checks and the account
 * texts with its first view (ADR 148).
 */
export function PromptForm({
  children,
  confirmLabel,
  onCancel,
  onConfirm,
  withoutPassword,
}: {
  children?: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (password: string) => Promise<void>;
  withoutPassword: boolean;
}) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<ReauthFailure | null>(null);
  const [loading, setLoading] = useState(false);
  const [asking, setAsking] = useState(!withoutPassword);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (asking && password === '') {
      setFailure({ field: Messages.required });
      return;
    }
    setLoading(true);
    setFailure(null);
    try {
      await onConfirm(password);
    } catch (error) {
      if (needsPassword(error)) setAsking(true);
      setFailure(reauthFailure(error));
      setLoading(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {children ? <div className="space-y-2 text-sm text-slate-600">{children}</div> : null}
      <ProblemAlert problem={failure?.message} />
      {asking ? (
        <CurrentPasswordField
          autoFocus
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setFailure(null);
          }}
          error={failure?.field}
        />
      ) : null}
      <FormActions submitLabel={confirmLabel} onCancel={onCancel} loading={loading} />
    </form>
  );
}

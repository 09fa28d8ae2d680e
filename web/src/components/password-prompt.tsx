import { Messages } from '@portal/core/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ProblemAlert } from './ui/alert.tsx';
import { CurrentPasswordField } from './password-fields.tsx';
import { Dialog } from './ui/dialog.tsx';
import { useT } from '../i18n/index.ts';
import { needsPassword, type ReauthFailure, reauthFailure } from '../lib/reauth.ts';
import { FormActions } from './form-actions.tsx';

/**
 * The small dialog that asks for the current password before a security change (ADR 017): new
 * recovery codes, a new or switched second factor. `onConfirm` sends the request with the password;
 * a refused password shows on the field, and the dialog stays open for another try. `withoutPassword`
 * (right after a sign-in, ADR 055) leaves the field out and confirms with '' — until the server wants the
 * password after all, when the field appears.
 */
export function PasswordPrompt({
  open,
  title,
  children,
  confirmLabel,
  onClose,
  onConfirm,
  withoutPassword = false,
}: {
  open: boolean;
  withoutPassword?: boolean;
  title: string;
  /** What the change does, above the field. */
  children?: ReactNode;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('common.close')}>
      {/* Mounted only while open: every opening starts empty. */}
      {open ? (
        <PromptForm confirmLabel={confirmLabel} onCancel={onClose} onConfirm={onConfirm} withoutPassword={withoutPassword}>
          {children}
        </PromptForm>
      ) : null}
    </Dialog>
  );
}

function PromptForm({
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

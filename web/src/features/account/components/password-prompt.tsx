import { Messages } from '@portal/core/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CurrentPasswordField } from '../../../components/password-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { type ReauthFailure, reauthFailure } from '../model/reauth.ts';

/**
 * The small dialog that asks for the current password before a security change (issue 10 A): new
 * recovery codes, a new or switched second factor. `onConfirm` sends the request with the password;
 * a refused password shows on the field, and the dialog stays open for another try.
 */
export function PasswordPrompt({
  open,
  title,
  children,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  open: boolean;
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
        <PromptForm confirmLabel={confirmLabel} onCancel={onClose} onConfirm={onConfirm}>
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
}: {
  children?: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<ReauthFailure | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (password === '') {
      setFailure({ field: Messages.required });
      return;
    }
    setLoading(true);
    setFailure(null);
    try {
      await onConfirm(password);
    } catch (error) {
      setFailure(reauthFailure(error));
      setLoading(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {children ? <div className="space-y-2 text-sm text-slate-600">{children}</div> : null}
      {failure?.message ? (
        <Alert theme="red" role="alert">
          {failure.message}
        </Alert>
      ) : null}
      <CurrentPasswordField
        autoFocus
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          setFailure(null);
        }}
        error={failure?.field}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button theme="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={loading}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

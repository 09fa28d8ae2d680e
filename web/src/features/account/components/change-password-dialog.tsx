import { type FormEvent, useState } from 'react';
import { NewPasswordFields, PasswordInput } from '../../../components/password-fields.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { usePortal } from '../../../lib/portal.ts';
import { snacks } from '../../../lib/snack.ts';
import { changePasswordErrors, changePasswordFailure, emptyPasswordValues, type PasswordField } from '../api/change-password.ts';
import { useChangePassword } from '../api/use-change-password.ts';
import { FormActions } from '../../../components/form-actions.tsx';

/**
 * The change-password dialog (SPEC 2, 7): current, new and repeated password checked with core's
 * ChangePasswordFormSchema, 'Sign out my other sessions', and the server's verdict ('Password was already
 * used', 'Password is too weak', 'Current password does not match'). Success: 'Password changed
 * successfully', and the status is read again (an expired password is renewed).
 */
export function ChangePasswordDialog({
  open,
  onClose,
  onChanged,
  expired,
}: {
  open: boolean;
  onClose: () => void;
  /** After a change; `renewedExpired` when the password was expired as the dialog opened. */
  onChanged: (renewedExpired: boolean) => void;
  /** The password is expired: say so at the top. */
  expired: boolean;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('password.dialogTitle')} closeLabel={t('common.close')}>
      {/* Mounted only while open: every opening starts with an empty form. */}
      {open ? <ChangePasswordForm expired={expired} onCancel={onClose} onChanged={onChanged} /> : null}
    </Dialog>
  );
}

function ChangePasswordForm({
  expired,
  onCancel,
  onChanged,
}: {
  expired: boolean;
  onCancel: () => void;
  onChanged: (renewedExpired: boolean) => void;
}) {
  const t = useT();
  // As it was when the dialog opened: the status read after the change no longer says expired.
  const [wasExpired] = useState(expired);
  const portal = usePortal();
  const form = useFormFields<PasswordField, typeof emptyPasswordValues>(emptyPasswordValues, changePasswordErrors);
  const { values, errors, setServerErrors } = form;
  const [endOthers, setEndOthers] = useState(true);
  const { change, changing: loading } = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = Object.keys(errors).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || loading) return;
    setFailure(null);
    const then = async () => {
      snacks.success(t('messages.passwordChanged'));
      await refreshSession(portal);
      onChanged(wasExpired);
    };
    try {
      await change({ values, endOthers, then });
    } catch (error) {
      const mapped = changePasswordFailure(error);
      setFailure(mapped.message);
      setServerErrors(mapped.fieldErrors);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {wasExpired ? (
        <Alert theme="orange" role="alert">
          {t('messages.passwordExpired')}
        </Alert>
      ) : null}
      {failure ? (
        <Alert theme="red" role="alert" title={t('messages.passwordChangeFailed')}>
          {translateCoreMessage(t, failure)}
        </Alert>
      ) : null}
      <PasswordInput form={form} name="currentPassword" label={t('password.current')} autoComplete="current-password" />
      <NewPasswordFields form={form} />
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={endOthers}
          onChange={(e) => setEndOthers(e.target.checked)}
          className="mt-0.5 size-4 rounded border-slate-300"
        />
        {t('password.endOtherSessions')}
      </label>
      <FormActions submitLabel={t('password.submit')} onCancel={onCancel} loading={loading} disabled={invalid} />
    </form>
  );
}

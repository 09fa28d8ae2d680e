import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { NewPasswordFields } from '../../../components/password-fields.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { checkResetLink, type ResetField, type ResetLinkState, type ResetOutcome, resetPasswordErrors } from '../api/forgot-password.ts';
import { useResetPassword } from '../api/use-password-reset.ts';

const empty = { newPassword: '', newPasswordVerify: '' };

/**
 * The new-password form of the e-mailed reset link (`/forgot-password?token=…`, ADR 011): core's
 * ResetPasswordFormSchema in the browser, the server's policy and history on submit. Afterwards a link to
 * log in. The link is checked when the page opens: a spent or expired one shows so at once, with a way
 * to request a new mail, instead of a form that could only fail.
 */
export function ResetPasswordForm({
  token,
  onRequestNew,
  onLinkSpent,
}: {
  token: string;
  onRequestNew: () => void;
  /** The link turned out spent, expired or unknown (on open or on submit). */
  onLinkSpent?: () => void;
}) {
  const t = useT();
  const portal = usePortal();
  const form = useFormFields<ResetField | 'token', typeof empty>(empty, (v) => resetPasswordErrors(token, v));
  const { values, errors, setServerErrors } = form;
  const { reset, resetting: loading } = useResetPassword(token);
  const [outcome, setOutcome] = useState<ResetOutcome | null>(null);
  const [link, setLink] = useState<ResetLinkState | 'checking'>('checking');

  useEffect(() => {
    let current = true;
    void checkResetLink(token, portal).then((state) => {
      if (current) setLink(state);
    });
    return () => {
      current = false;
    };
  }, [token, portal]);

  const invalid = errors.newPassword !== undefined || errors.newPasswordVerify !== undefined;
  const linkInvalid = link === 'invalid' || errors.token !== undefined || (outcome?.ok === false && outcome.linkInvalid);

  useEffect(() => {
    if (linkInvalid) onLinkSpent?.();
  }, [linkInvalid, onLinkSpent]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || loading) return;
    const result = await reset(values);
    setOutcome(result);
    if (!result.ok) setServerErrors(result.fieldErrors);
  };

  if (outcome?.ok) {
    return (
      <div className="mt-6 space-y-5">
        <Alert theme="green">{t('resetPassword.done')}</Alert>
        <Link to={paths.home} className={buttonClasses('primary', true)}>
          {t('resetPassword.toLogin')}
        </Link>
      </div>
    );
  }

  if (linkInvalid) {
    return (
      <div className="mt-6 space-y-5">
        <Alert theme="red" role="alert" title={t('resetPassword.linkSpentTitle')}>
          {t('resetPassword.linkSpent')}
        </Alert>
        <Button block onClick={onRequestNew}>
          {t('resetPassword.requestNew')}
        </Button>
      </div>
    );
  }

  if (link === 'checking') {
    return (
      <p className="mt-6 flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner /> {t('resetPassword.checking')}
      </p>
    );
  }

  const failed = outcome?.ok === false && Object.keys(outcome.fieldErrors).length === 0;
  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={submit}>
      {failed ? (
        <Alert theme="red" role="alert">
          {outcome.message ? translateCoreMessage(t, outcome.message) : t('messages.failedToResetPassword')}
        </Alert>
      ) : null}
      <NewPasswordFields form={form} />
      <Button type="submit" block loading={loading} disabled={invalid}>
        {t('resetPassword.submit')}
      </Button>
    </form>
  );
}

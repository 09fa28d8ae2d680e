import { translateCoreMessage, useT } from '../i18n/index.ts';
import type { FieldErrors } from '../lib/forms.ts';
import { TextField } from './ui/text-field.tsx';

/** What a password form keeps (lib/use-form-fields): the values, the errors to show, and a change per field. */
export interface PasswordForm<F extends string> {
  values: Record<F, string>;
  shown: FieldErrors<F>;
  change: (field: F) => (value: string) => void;
}

/** One required password input of a form, bound to its field: its value, its change, its error (core message). */
export function PasswordInput<F extends string>({
  form,
  name,
  label,
  autoComplete,
  helperText,
}: {
  form: PasswordForm<F>;
  name: F;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  helperText?: string;
}) {
  const t = useT();
  const error = form.shown[name];
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      helperText={helperText}
      value={form.values[name]}
      onValueChange={form.change(name)}
      error={error ? translateCoreMessage(t, error) : undefined}
    />
  );
}

/** The new password (with the password rules) and its repetition, of the change-password and reset forms. */
export function NewPasswordFields({ form }: { form: PasswordForm<'newPassword' | 'newPasswordVerify'> }) {
  const t = useT();
  return (
    <>
      <PasswordInput
        form={form}
        name="newPassword"
        label={t('password.new')}
        autoComplete="new-password"
        helperText={t('password.rules')}
      />
      <PasswordInput form={form} name="newPasswordVerify" label={t('password.verify')} autoComplete="new-password" />
    </>
  );
}

/** The current password asked again before a sensitive change (e-mail, MFA, recovery codes: ADR 017). */
export function CurrentPasswordField({
  value,
  onValueChange,
  error,
  helperText,
  autoFocus,
}: {
  value: string;
  onValueChange: (value: string) => void;
  /** A core message key or text, translated here. */
  error?: string;
  helperText?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  return (
    <TextField
      label={t('account.reauth.password')}
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      required
      autoFocus={autoFocus}
      helperText={helperText}
      value={value}
      onValueChange={onValueChange}
      error={error ? translateCoreMessage(t, error) : undefined}
    />
  );
}

import { Messages } from '@portal/core/shared';
import type { SessionUser } from '@portal/core/auth';
import { type FormEvent, Suspense, useState } from 'react';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldText, useT } from '../../../i18n/index.ts';
import { type FieldErrors, onlyDirty } from '../../../lib/forms.ts';
import { snacks } from '../../../lib/snack.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import type { Account } from '../api/account.ts';
import { useSaveProfile } from '../api/use-save-profile.ts';
import {
  emailChanged,
  type ProfileField,
  profileChanged,
  profileErrors,
  profileSaveFailure,
  profileValues,
} from '../model/profile-form.ts';
import { reauthFailure } from '../../../lib/reauth.ts';
import { CurrentPasswordField, preloadPasswordField } from './on-demand.ts';
import { PendingEmail } from './pending-email.tsx';
import { Section } from './section.tsx';

/**
 * The editable profile (SPEC 3 Account; POST account): e-mail address, first name, surname, job title.
 * Username and customer ID are the administrator's. 'Changes saved successfully' / 'Saving changes failed'
 * with the server's field issues. A new e-mail address asks for the current password and only counts once
 * the link mailed to it is followed (ADR 017): until then the address waits below the field.
 */
export function ProfileForm({ user, account }: { user: SessionUser; account: Account }) {
  const t = useT();
  const { save, saving: loading } = useSaveProfile();
  const [saved, setSaved] = useState(() => profileValues(account));
  const [values, setValues] = useState(saved);
  const [dirty, setDirty] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<ProfileField>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const newAddress = emailChanged(values, saved);

  const errors = profileErrors(values);
  const shown = { ...serverErrors, ...onlyDirty(errors, dirty) };
  const changed = profileChanged(values, saved);
  // Typed and not saved yet: leaving asks first (ADR 053).
  useUnsavedChanges(changed);

  const change = (field: ProfileField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDirty((d) => ({ ...d, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || Object.keys(errors).length > 0 || loading) return;
    if (newAddress && password === '') {
      setPasswordError(Messages.required);
      return;
    }
    setFailed(null);
    try {
      const result = await save(newAddress ? { ...values, currentPassword: password } : values);
      const next = profileValues(result);
      setSaved(next);
      setValues(next);
      setDirty({});
      setPassword('');
      snacks.success(newAddress ? t('account.emailChange.sent', { email: values.email.trim() }) : t('messages.changesSaved'));
    } catch (error) {
      const refused = reauthFailure(error);
      setPasswordError(refused.field);
      setFailed(refused.message && !refused.field ? refused.message : t('messages.savingChangesFailed'));
      setServerErrors(profileSaveFailure(error));
    }
  };

  const field = (name: ProfileField) => ({
    name,
    value: values[name],
    onValueChange: change(name),
    error: shown[name] ? fieldText(t, shown[name]) : undefined,
  });

  return (
    <Section title={t('account.profile')} hint={t('account.profileHint')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <ProblemAlert problem={failed} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ReadOnly label={t('account.username')} value={user.username} />
          <ReadOnly
            label={t('account.customerId')}
            value={account.customerId != null && account.customerId !== '' ? String(account.customerId) : ''}
          />
        </div>
        <TextField
          label={t('account.email')}
          type="email"
          autoComplete="email"
          required
          onFocus={preloadPasswordField}
          onPointerEnter={preloadPasswordField}
          {...field('email')}
        />
        {newAddress ? (
          <Suspense fallback={null}>
            <CurrentPasswordField
              helperText={t('account.emailChange.passwordHint')}
              value={password}
              onValueChange={(value) => {
                setPassword(value);
                setPasswordError(undefined);
              }}
              error={passwordError}
            />
          </Suspense>
        ) : null}
        {account.pendingEmail ? <PendingEmail pending={account.pendingEmail} current={saved.email} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('account.firstname')} autoComplete="given-name" {...field('firstname')} />
          <TextField label={t('account.surname')} autoComplete="family-name" {...field('surname')} />
        </div>
        <TextField label={t('account.jobTitle')} autoComplete="organization-title" {...field('jobTitle')} />
        <div className="flex justify-end">
          <Button type="submit" loading={loading} disabled={!changed || Object.keys(errors).length > 0}>
            {t('account.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  const t = useT();
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-200">
        {value || <span className="text-slate-400">{t('common.notSet')}</span>}
      </p>
    </div>
  );
}

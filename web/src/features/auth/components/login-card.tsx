import type { Portal } from '@portal/core/shared';
import type { LoginResult, SessionStatus } from '@portal/core/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { loadSignInLayer, type SignInLayer, startSignInLayer, useSignInLayer } from '../../../app/data-bridge.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { UsernameField } from './username-field.tsx';
import { fieldText, useT } from '../../../i18n/index.ts';
import { useOffline } from '../../../lib/connectivity.ts';
import { paths } from '../../../lib/paths.ts';
import type { LoginAttempt } from '../model/login-attempt.ts';
import type { LoginFailure } from '../model/login-form.ts';
import { emptyLoginValues, failedToSignIn, type LoginErrors, type LoginField, visibleErrors } from '../model/login-values.ts';
import { LoginFailureAlert } from './login-failure-alert.tsx';
import { MicrosoftSignIn } from './microsoft-sign-in.tsx';
import { PasskeyButton } from './passkey-button.tsx';

export interface LoginCardProps {
  portal: Portal;
  /** Called after a successful login with where the portal's landing rules send the user. */
  onSignedIn: (destination: string, status: SessionStatus, result: LoginResult) => void;
  /** Shown above the form, e.g. the portal name. */
  eyebrow?: string;
}

/**
 * The login card of both portals (SPEC 2 Login, SPEC 4 Login, SPEC 8). Username and password, then in
 * the multi-factor step a secret code ('Send OTP code' for e-mail MFA) or the account's passkey (ADR 112);
 * 'Sign in with a passkey' and 'Continue with Microsoft' below.
 * Failures show under 'Authentication failed'. The card paints before the sign-in layer (data-bridge.ts,
 * ADR 125), which it starts: until it is there, a touched form may be submitted and the submit waits for it
 * (the button busy), then applies the form's rules (core's, login-form.ts) like always.
 */
export function LoginCard({ portal, onSignedIn, eyebrow }: LoginCardProps) {
  const t = useT();
  const [values, setValues] = useState(emptyLoginValues);
  const [dirty, setDirty] = useState<Partial<Record<LoginField, boolean>>>({});
  const [mfaStep, setMfaStep] = useState(false);
  /** The account's second factor, from the login result: 'Send OTP code' is offered for e-mail only. */
  const [mfaMethod, setMfaMethod] = useState<'app' | 'email' | undefined>(undefined);
  /** The account has a passkey: the second step offers it beside the code (ADR 112). */
  const [mfaPasskey, setMfaPasskey] = useState(false);
  const [loading, setLoading] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const secretCodeRef = useRef<HTMLInputElement>(null);
  // Offline the page still opens from the service worker's copy (ADR 091): it says why nobody can sign in.
  const offline = useOffline();

  const layer = useSignInLayer();
  useEffect(startSignInLayer, []);
  const errors: LoginErrors = layer ? layer.loginFormErrors(values, mfaStep) : {};
  const shown = visibleErrors(errors, dirty);
  // Without the rules yet, an untouched form counts as invalid: it is empty, as the rules will find.
  const invalid = layer ? Object.keys(errors).length > 0 : Object.keys(dirty).length === 0;

  useEffect(() => {
    if (mfaStep) secretCodeRef.current?.focus();
  }, [mfaStep]);

  const change = (field: LoginField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDirty((d) => (d[field] ? d : { ...d, [field]: true }));
  };

  /** Back to the password step (the pending attempt is gone), showing why. */
  const restart = (reason: LoginFailure) => {
    setMfaStep(false);
    setValues((v) => ({ ...v, secretCode: '' }));
    setDirty((d) => ({ ...d, secretCode: false }));
    setFailure(reason);
  };

  /** One sign-in try (password, code or passkey), its answer shown; `busy` marks the button that started it. */
  const run = async (busy: (on: boolean) => void, attemptWith: (layer: SignInLayer) => Promise<LoginAttempt>) => {
    busy(true);
    setFailure(null);
    try {
      const attempt = await attemptWith(await loadSignInLayer());
      if (attempt.kind === 'mfaCode') {
        setMfaMethod(attempt.method);
        setMfaPasskey(attempt.passkey);
        setMfaStep(true);
      } else if (attempt.kind === 'failed') {
        if (attempt.failure.restart) restart(attempt.failure);
        else setFailure(attempt.failure);
      } else if (attempt.kind === 'signedIn') {
        onSignedIn(attempt.destination, attempt.status, attempt.result);
      }
      // 'invalid': typed before the rules were there; their errors now show on the touched fields.
    } catch {
      setFailure(failedToSignIn); // the sign-in layer could not be downloaded
    } finally {
      busy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || loading || passkeyBusy) return;
    await run(setLoading, (layer) => layer.attemptLogin(values, mfaStep, portal));
  };

  /** A passkey: discoverable before the password, or the second step's factor after it (ADR 112). */
  const usePasskey = () => {
    if (loading || passkeyBusy) return;
    const secondStepOf = mfaStep ? { username: values.username, password: values.password } : undefined;
    void run(setPasskeyBusy, (layer) => layer.attemptPasskeyLogin(portal, secondStepOf));
  };

  const field = (name: LoginField) => ({
    value: values[name],
    onValueChange: change(name),
    error: shown[name] ? fieldText(t, shown[name]) : undefined,
  });

  return (
    <div className="w-full rounded-2xl bg-white p-6 shadow-lg shadow-slate-900/5 ring-1 ring-slate-200 sm:p-8">
      {eyebrow ? <p className="mb-1 text-xs font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
      <h2 className="text-xl font-semibold text-slate-900">{t('auth.login.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('auth.login.subtitle')}</p>
      {offline ? (
        <Alert theme="orange" title={t('offline.title')} className="mt-4">
          {t('offline.text')}
        </Alert>
      ) : null}
      <form className="mt-6 space-y-4" noValidate onSubmit={submit} aria-busy={loading || undefined}>
        {failure ? <LoginFailureAlert failure={failure} /> : null}
        <UsernameField label={t('auth.login.username')} readOnly={mfaStep} {...field('username')} />
        <TextField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          readOnly={mfaStep}
          {...field('password')}
        />
        {mfaStep && layer ? (
          <layer.MfaCodeStep
            portal={portal}
            method={mfaMethod}
            inputRef={secretCodeRef}
            onRestart={restart}
            value={values.secretCode}
            onValueChange={change('secretCode')}
            error={shown.secretCode ? fieldText(t, shown.secretCode) : undefined}
            passkey={mfaPasskey ? { onUse: usePasskey, busy: passkeyBusy } : undefined}
          />
        ) : null}
        <Button type="submit" block loading={loading} disabled={invalid}>
          {t('auth.login.submit')}
        </Button>
      </form>
      {mfaStep ? null : (
        <>
          <div className="my-4 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            {t('auth.login.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <div className="space-y-3">
            <PasskeyButton label={t('auth.passkey.signIn')} busy={passkeyBusy} onClick={usePasskey} />
            <MicrosoftSignIn portal={portal} onFailure={setFailure} />
          </div>
        </>
      )}
      <div className="mt-5 border-t border-slate-100 pt-4 text-center">
        <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          {t('auth.login.forgotPassword')}
        </Link>
      </div>
    </div>
  );
}

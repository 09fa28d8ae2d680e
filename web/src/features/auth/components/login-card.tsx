import type { LoginResult, Portal, SessionStatus } from '@portal/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { setLoginResult } from '../../../lib/session.ts';
import { snacks } from '../../../lib/snack.ts';
import {
  afterLoginPath,
  emptyLoginValues,
  type LoginFailure,
  type LoginField,
  loginFailure,
  loginFormErrors,
  loginOutcome,
  loginResultFailure,
  signInBody,
  visibleErrors,
} from '../api/login-form.ts';
import { sendOtpCode, signIn } from '../api/sign-in.ts';

export interface LoginCardProps {
  portal: Portal;
  /** Called after a successful login with where core's landing rules send the user. */
  onSignedIn: (destination: string, status: SessionStatus, result: LoginResult) => void;
  /** Shown above the form, e.g. the portal name. */
  eyebrow?: string;
}

/**
 * The login card of both portals (SPEC 2 Login, SPEC 4 Login, SPEC 8). Username and password, then in
 * the multi-factor step a secret code with 'Send OTP code'. Failures show under 'Authentication failed'.
 */
export function LoginCard({ portal, onSignedIn, eyebrow }: LoginCardProps) {
  const t = useT();
  const [values, setValues] = useState(emptyLoginValues);
  const [dirty, setDirty] = useState<Partial<Record<LoginField, boolean>>>({});
  const [mfaStep, setMfaStep] = useState(false);
  const [loading, setLoading] = useState(false);
  const [sendingOtp, setSendingOtp] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const secretCodeRef = useRef<HTMLInputElement>(null);

  const errors = loginFormErrors(values, mfaStep);
  const shown = visibleErrors(errors, dirty);
  const invalid = Object.keys(errors).length > 0;

  useEffect(() => {
    if (mfaStep) secretCodeRef.current?.focus();
  }, [mfaStep]);

  const change = (field: LoginField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDirty((d) => (d[field] ? d : { ...d, [field]: true }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || loading) return;
    setLoading(true);
    setFailure(null);
    try {
      const result = await signIn(signInBody(values, mfaStep), portal);
      const outcome = loginOutcome(result);
      if (outcome === 'mfaCode') {
        setMfaStep(true);
        return;
      }
      if (outcome === 'failed') {
        setFailure(loginResultFailure(result));
        return;
      }
      setLoginResult(portal, result);
      const status = await refreshSession(portal);
      onSignedIn(afterLoginPath(outcome, status), status, result);
    } catch (error) {
      setFailure(loginFailure(error));
    } finally {
      setLoading(false);
    }
  };

  const requestOtp = async () => {
    setSendingOtp(true);
    try {
      await sendOtpCode(portal);
      snacks.success(t('messages.otpCodeSent'));
    } catch {
      // The API client has shown the failure.
    } finally {
      setSendingOtp(false);
    }
  };

  const failureText = (f: LoginFailure) => {
    if (!f.rateLimited) return translateCoreMessage(t, f.message);
    return f.retryAfter !== undefined
      ? t('auth.errors.rateLimited', { seconds: f.retryAfter })
      : t('auth.errors.rateLimitedShort');
  };

  const field = (name: LoginField) => ({
    value: values[name],
    onValueChange: change(name),
    error: shown[name] ? translateCoreMessage(t, shown[name]) : undefined,
  });

  return (
    <div className="w-full rounded-2xl bg-white p-6 shadow-lg shadow-slate-900/5 ring-1 ring-slate-200 sm:p-8">
      {eyebrow ? (
        <p className="mb-1 text-xs font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      ) : null}
      <h2 className="text-xl font-semibold text-slate-900">{t('auth.login.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('auth.login.subtitle')}</p>

      <form className="mt-6 space-y-4" noValidate onSubmit={submit} aria-busy={loading || undefined}>
        {failure ? (
          <Alert theme="red" role="alert" title={t('messages.authenticationFailed')}>
            {failureText(failure)}
          </Alert>
        ) : null}

        <TextField
          label={t('auth.login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...field('username')}
        />
        <TextField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />

        {mfaStep ? (
          <div className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <p className="text-sm text-slate-700">{t('auth.login.mfaPrompt')}</p>
            <TextField
              ref={secretCodeRef}
              label={t('auth.login.secretCode')}
              name="secretCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              helperText={t('messages.onlyForMfa')}
              {...field('secretCode')}
            />
            <Button theme="secondary" block loading={sendingOtp} onClick={requestOtp}>
              {t('auth.login.sendOtp')}
            </Button>
          </div>
        ) : null}

        <Button type="submit" block loading={loading} disabled={invalid}>
          {t('auth.login.submit')}
        </Button>
      </form>

      <div className="mt-5 border-t border-slate-100 pt-4 text-center">
        <Link
          to={paths.forgotPassword}
          className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
        >
          {t('auth.login.forgotPassword')}
        </Link>
      </div>
    </div>
  );
}

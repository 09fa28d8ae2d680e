import type { Portal } from '@portal/core/shared';
import { type Ref, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { type LoginFailure, loginFailure } from '../model/login-form.ts';
import { sendOtpCode } from '../api/sign-in.ts';
import { PasskeyButton } from './passkey-button.tsx';

type OtpNotice = { ok: true } | { ok: false; text: string };

/**
 * The multi-factor step of the login card (SPEC 2 Login, SPEC 4 mfaFirstStepPassed): the secret code
 * (digits only, 'Only for MFA') and, for e-mail MFA only, 'Send OTP code', which e-mails a code for this
 * sign-in attempt (an authenticator-app account is refused one, so it is not offered). An account with a
 * passkey is offered 'Use your passkey' too (ADR 112).
 */
export function MfaCodeStep({
  portal,
  method,
  value,
  error,
  onValueChange,
  onRestart,
  inputRef,
  passkey,
}: {
  /** The account has a passkey (login result): 'Use your passkey' answers the step instead of a code (ADR 112). */
  passkey?: { onUse: () => void; busy: boolean } | undefined;
  portal: Portal;
  /** The account's second factor (login result); unknown shows the app prompt without the button. */
  method: 'app' | 'email' | undefined;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  /** The attempt expired: the card goes back to the password step and shows why. */
  onRestart: (failure: LoginFailure) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const t = useT();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<OtpNotice | null>(null);

  const send = async () => {
    setSending(true);
    setNotice(null);
    try {
      await sendOtpCode(portal);
      setNotice({ ok: true });
    } catch (failure) {
      const mapped = loginFailure(failure);
      if (mapped.restart) onRestart(mapped);
      else setNotice({ ok: false, text: errorMessage(failure) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">{method === 'email' ? t('auth.login.mfaPromptEmail') : t('auth.login.mfaPromptApp')}</p>
      <TextField
        ref={inputRef}
        label={t('auth.login.secretCode')}
        name="secretCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={20}
        helperText={t('messages.onlyForMfa')}
        value={value}
        onValueChange={onValueChange}
        error={error}
      />
      {notice ? (
        <Alert theme={notice.ok ? 'green' : 'orange'} role={notice.ok ? 'status' : 'alert'}>
          {notice.ok ? t('messages.otpCodeSent') : translateCoreMessage(t, notice.text)}
        </Alert>
      ) : null}
      {method === 'email' ? (
        <Button theme="secondary" block loading={sending} onClick={send}>
          {t('auth.login.sendOtp')}
        </Button>
      ) : null}
      {passkey ? (
        <div className="space-y-2 border-t border-slate-200 pt-3">
          <p className="text-sm text-slate-700">{t('auth.passkey.secondFactorHint')}</p>
          <PasskeyButton label={t('auth.passkey.use')} busy={passkey.busy} onClick={passkey.onUse} />
        </div>
      ) : null}
    </div>
  );
}

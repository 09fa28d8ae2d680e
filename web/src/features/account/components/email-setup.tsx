import type { Portal } from '@portal/core/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/index.ts';
import { type Authorize, useActivateMfa, useStartEmailMfa } from '../api/use-mfa-setup.ts';
import { SetupCodeForm } from './setup-code-form.tsx';
import { SetupStep } from './setup-step.tsx';

/**
 * E-mail codes set-up (ADR 012): a confirmation code goes to the account's address first (proving the
 * mailbox is reachable; the first one is sent by the password prompt), then 'Activate' with that code.
 * Both carry the current password the page asked for, or none right after a sign-in (ADR 055).
 */
export function EmailSetup({
  portal,
  email,
  authorize,
  codeSent,
  onCodeSent,
  onActivated,
}: {
  portal: Portal;
  email: string;
  /** Runs a request with the current password, or without right after a sign-in (ADR 055). */
  authorize: Authorize;
  codeSent: boolean;
  onCodeSent: () => void;
  onActivated: (codes: string[]) => Promise<void>;
}) {
  const t = useT();
  const { send: start, sending } = useStartEmailMfa(portal, authorize);
  const activation = useActivateMfa(portal, 'email', authorize, onActivated);
  const send = async () => {
    try {
      await start();
      onCodeSent();
    } catch {
      // The API client has shown the failure (e.g. too many codes this hour).
    }
  };

  return (
    <ol className="space-y-6">
      <SetupStep number={1} title={t('mfaSetup.email.sendTitle')}>
        <p>{t('mfaSetup.email.sendText', { email })}</p>
        {codeSent ? <Alert theme="green">{t('mfaSetup.email.sent', { email })}</Alert> : null}
        <Button theme={codeSent ? 'secondary' : 'primary'} loading={sending} onClick={send}>
          {codeSent ? t('mfaSetup.email.sendAgain') : t('mfaSetup.email.send')}
        </Button>
      </SetupStep>
      <SetupStep number={2} title={t('mfaSetup.email.codeTitle')}>
        <p>{t('mfaSetup.email.codeText')}</p>
        {codeSent ? <SetupCodeForm label={t('mfaSetup.email.codeLabel')} activation={activation} /> : null}
      </SetupStep>
    </ol>
  );
}

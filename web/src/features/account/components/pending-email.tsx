import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/index.ts';
import { snacks } from '../../../lib/snack.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { type PendingEmailAction, usePendingEmailAction } from '../api/use-pending-email-action.ts';

/**
 * A new e-mail address waiting for its mailed link (ADR 017): which one, until when the link works,
 * that mails still go to the confirmed address, and 'Send link again' / 'Cancel change'.
 */
export function PendingEmail({ pending, current }: { pending: { address: string; validUntil: string }; current: string }) {
  const t = useT();
  const format = useUserFormat();
  const { run: send, busy } = usePendingEmailAction();

  const run = async (action: PendingEmailAction) => {
    if (busy !== null) return;
    try {
      await send(action);
      snacks.success(action === 'resend' ? t('account.emailChange.sent', { email: pending.address }) : t('account.emailChange.cancelled'));
    } catch {
      // The API client has shown the failure (e.g. too many links this hour).
    }
  };

  return (
    <Alert theme="orange" title={t('account.emailChange.pendingTitle')}>
      <p>
        {t('account.emailChange.pendingText', {
          email: pending.address,
          until: formatDateTime(pending.validUntil, format),
          current,
        })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button theme="secondary" loading={busy === 'resend'} disabled={busy !== null} onClick={() => void run('resend')}>
          {t('account.emailChange.resend')}
        </Button>
        <Button theme="text" loading={busy === 'cancel'} disabled={busy !== null} onClick={() => void run('cancel')}>
          {t('account.emailChange.cancel')}
        </Button>
      </div>
    </Alert>
  );
}

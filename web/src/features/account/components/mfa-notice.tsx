import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { useLocale, useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { formatCalendarDay, isKnownTimeZone } from '../../../lib/user-format.ts';
import { useDismissMfaNotice } from '../api/use-dismiss-mfa-notice.ts';
import { mfaNoticeText, showMfaNotice } from '../model/mfa-notice.ts';

/**
 * 'Multi-factor authentication will be activated for all accounts on …' (SPEC 1) for signed-in users
 * without MFA, until they close it: the dismissal is stored on the account (POST account/mfa-notice/dismiss).
 * The date is the brand's (`activationDate`); from that day on the text says MFA is required.
 */
export function MfaNotice({ activationDate }: { activationDate: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const portal = usePortal();
  const { status } = useSession();
  const { pathname } = useLocation();
  const { dismiss: send, dismissing: hidden } = useDismissMfaNotice();
  const zone = status?.user?.timezone;
  const text = mfaNoticeText(activationDate, new Date(), zone && isKnownTimeZone(zone) ? zone : 'UTC');
  // Not on the set-up page itself, where its link would lead.
  if (hidden || !text || !showMfaNotice(status) || pathname === portalPaths(portal).mfaSetup) return null;

  const dismiss = async () => {
    try {
      await send();
    } catch {
      // The API client has shown the failure; the status read again brings the notice back.
    }
  };

  return (
    <Alert
      theme="blue"
      className="mb-6"
      title={t('mfaNotice.title')}
      onClose={() => void dismiss()}
      closeLabel={t('mfaNotice.dismiss')}
    >
      <p>
        {t(text.kind === 'required' ? 'mfaNotice.requiredText' : 'mfaNotice.text', {
          date: formatCalendarDay(text.date, locale, 'long'),
        })}
      </p>
      <Link to={portalPaths(portal).mfaSetup} className="mt-1 inline-block font-medium underline">
        {t('mfaNotice.setUp')}
      </Link>
    </Alert>
  );
}

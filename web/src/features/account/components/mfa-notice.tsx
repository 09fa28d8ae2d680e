import { isValidTimeZone } from '@portal/core/shared';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { interpolate, useLocale, useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { formatCalendarDay } from '../../../lib/user-format.ts';
import { useDismissMfaNotice } from '../api/use-dismiss-mfa-notice.ts';
import { mfaNoticeText, showMfaNotice } from '../model/mfa-notice.ts';

/**
 * 'Multi-factor authentication will be activated for all accounts on …' (SPEC 1) for signed-in users
 * without MFA, until they close it: the dismissal is stored on the account (POST account/mfa-notice/dismiss).
 * The date is the brand's (`activationDate`); from that day on the text says MFA is required. A brand may word the
 * notice itself per language (`brandText`, its `{date}` the day; SPEC 9): it replaces the portal's full text.
 */
export function MfaNotice({ activationDate, brandText }: { activationDate: string | undefined; brandText?: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const portal = usePortal();
  const { status } = useSession();
  const { pathname } = useLocation();
  const { dismiss: send, dismissing: hidden } = useDismissMfaNotice();
  // Not on the set-up page itself, where its link would lead. Who is not shown the notice is decided first: the
  // day in the user's zone builds the page's first Intl date format (its ICU data, ~0.1 s at 4x CPU), which a
  // shell without the notice must not pay before its screen's first read (ADR 139).
  if (hidden || !showMfaNotice(status) || pathname === portalPaths(portal).mfaSetup) return null;
  const zone = status?.user?.timezone;
  const text = mfaNoticeText(activationDate, new Date(), zone && isValidTimeZone(zone) ? zone : 'UTC');
  if (!text) return null;

  const dismiss = async () => {
    try {
      await send();
    } catch {
      // The API client has shown the failure; the status read again brings the notice back.
    }
  };

  const setUp = portalPaths(portal).mfaSetup;
  const fullText = (date: string) =>
    brandText ? interpolate(brandText, { date }) : t(text.kind === 'required' ? 'mfaNotice.requiredText' : 'mfaNotice.text', { date });
  return (
    <>
      {/* On a phone one compact row (text, set-up link, dismiss) instead of a ~160 px box at the top of every
          page (ADR 053); from sm on the full notice. `hidden` is display: none, so only one is ever read out.
          The text wraps rather than being cut: Polish needs a second line at 375 px (ADR 088). */}
      <div
        role="status"
        data-testid="mfa-notice-compact"
        className="mb-4 flex items-center gap-2 rounded-lg bg-blue-50 px-3 py-1.5 text-xs text-blue-900 ring-1 ring-inset ring-blue-200 sm:hidden"
      >
        <span data-testid="mfa-notice-short" className="min-w-0 flex-1 text-pretty">
          {t(text.kind === 'required' ? 'mfaNotice.requiredShort' : 'mfaNotice.short', {
            // The date stays on one line when the text wraps ("1 mar 2027", not "1 / mar 2027").
            date: formatCalendarDay(text.date, locale, 'medium').replace(/\s/g, '\u00a0'),
          })}
        </span>
        <Link to={setUp} className="shrink-0 font-medium underline">
          {t('mfaNotice.setUpShort')}
        </Link>
        <button
          type="button"
          onClick={() => void dismiss()}
          aria-label={t('mfaNotice.dismiss')}
          className="-my-1 -mr-1.5 shrink-0 rounded p-1.5 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      <div className="mb-6 hidden sm:block">
        <Alert theme="blue" title={t('mfaNotice.title')} onClose={() => void dismiss()} closeLabel={t('mfaNotice.dismiss')}>
          <p>{fullText(formatCalendarDay(text.date, locale, 'long'))}</p>
          <Link to={setUp} className="mt-1 inline-block font-medium underline">
            {t('mfaNotice.setUp')}
          </Link>
        </Alert>
      </div>
    </>
  );
}

import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { FALLBACK_LOCALE, translateCoreMessage, useLocale, useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import type { LoginFailure } from '../model/login-form.ts';

/**
 * A failed sign-in under the heading 'Authentication failed' (SPEC 8): the mapped message (a core text,
 * translated) or the server's own as received; a 429 adds when to try again (Retry-After), a lock how
 * long it lasts, and a wrong portal a link to the right one.
 */
export function LoginFailureAlert({ failure }: { failure: LoginFailure }) {
  const t = useT();
  const english = useLocale() === FALLBACK_LOCALE;
  // A 429's own message is the server's English: other locales show the catalogue's text (ADR 088).
  const rateLimitedText = (english && failure.message) || t('auth.errors.rateLimitedShort');
  const text = failure.rateLimited ? rateLimitedText : translateCoreMessage(t, failure.message);
  const minutes = failure.lockedForMinutes;
  return (
    <Alert theme="red" role="alert" title={t('messages.authenticationFailed')}>
      {text}
      {failure.rateLimited && failure.retryAfter !== undefined ? <> {t('auth.errors.retryIn', { count: failure.retryAfter })}</> : null}
      {minutes !== undefined ? <span className="mt-1 block">{t('auth.errors.lockedForMinutes', { count: minutes })}</span> : null}
      {failure.rightPortal ? (
        <Link to={failure.rightPortal === 'connect' ? paths.connect.root : paths.home} className="mt-1 block font-medium underline">
          {failure.rightPortal === 'connect' ? t('auth.errors.toConnectPortal') : t('auth.errors.toOrderingPortal')}
        </Link>
      ) : null}
    </Alert>
  );
}

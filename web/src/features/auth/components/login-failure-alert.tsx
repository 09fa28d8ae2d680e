import { Alert } from '../../../components/ui/alert.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import type { LoginFailure } from '../api/login-form.ts';

/**
 * A failed sign-in under the heading 'Authentication failed' (SPEC 8): the mapped message (a core text,
 * translated) or the server's own as received; a 429 adds when to try again (Retry-After).
 */
export function LoginFailureAlert({ failure }: { failure: LoginFailure }) {
  const t = useT();
  const text = failure.rateLimited
    ? failure.message || t('auth.errors.rateLimitedShort')
    : translateCoreMessage(t, failure.message);
  return (
    <Alert theme="red" role="alert" title={t('messages.authenticationFailed')}>
      {text}
      {failure.rateLimited && failure.retryAfter !== undefined ? (
        <> {t('auth.errors.retryIn', { seconds: failure.retryAfter })}</>
      ) : null}
    </Alert>
  );
}

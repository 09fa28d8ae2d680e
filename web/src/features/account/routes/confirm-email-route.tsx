import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/index.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { confirmEmailChange } from '../api/account.ts';

type Outcome = { state: 'ready' } | { state: 'done'; email: string } | { state: 'invalid' } | { state: 'failed'; message: string };

/**
 * /confirm-email?token=… — the link mailed to a new e-mail address (issue 10 A). Public: it may be
 * opened in any browser. The address changes on the button, not on opening, so a mail scanner that
 * fetches links cannot confirm it. Success names the new address; a used, replaced or expired link
 * says so and where to ask for a new one.
 */
export function ConfirmEmailRoute() {
  const t = useT();
  const portal = usePortal();
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'ready' } : { state: 'invalid' });
  const [loading, setLoading] = useState(false);

  const confirm = async () => {
    setLoading(true);
    try {
      setOutcome({ state: 'done', email: await confirmEmailChange(portal, token) });
    } catch (error) {
      const invalid = error instanceof ApiError && error.status === 400;
      setOutcome(invalid ? { state: 'invalid' } : { state: 'failed', message: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      <AuthCard title={t('confirmEmail.title')} backTo={paths.home}>
        <div className="mt-5 space-y-4">
          {outcome.state === 'done' ? (
            <Alert theme="green" role="status" title={t('confirmEmail.doneTitle')}>
              {t('confirmEmail.doneText', { email: outcome.email })}
            </Alert>
          ) : null}
          {outcome.state === 'invalid' ? (
            <Alert theme="red" role="alert" title={t('confirmEmail.invalidTitle')}>
              {t('confirmEmail.invalidText')}
            </Alert>
          ) : null}
          {outcome.state === 'failed' ? (
            <Alert theme="red" role="alert">
              {outcome.message}
            </Alert>
          ) : null}
          {outcome.state === 'ready' || outcome.state === 'failed' ? (
            <>
              <p className="text-sm text-slate-600">{t('confirmEmail.intro')}</p>
              <Button block loading={loading} onClick={() => void confirm()}>
                {t('confirmEmail.confirm')}
              </Button>
            </>
          ) : null}
        </div>
      </AuthCard>
    </div>
  );
}

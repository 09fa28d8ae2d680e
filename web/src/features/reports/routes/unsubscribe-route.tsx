import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { REPORT } from '@portal/core/report';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { unsubscribe } from '../api/reports.ts';

type Outcome =
  | { state: 'ready' }
  | { state: 'done'; reportName: string; email: string }
  | { state: 'invalid' }
  | { state: 'failed'; message: string };

/**
 * /unsubscribe?token=… (issue 15 item 6): the link in a report mail to an external recipient. Public (no
 * session). The recipient leaves the list on the button, not on opening, so a mail scanner that fetches
 * links does not unsubscribe anyone (mail clients use the List-Unsubscribe-Post header instead).
 */
export function UnsubscribeRoute() {
  const t = useT();
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'ready' } : { state: 'invalid' });
  const [loading, setLoading] = useState(false);
  const confirm = async () => {
    setLoading(true);
    try {
      const answer = await unsubscribe(token);
      setOutcome({ state: 'done', reportName: answer.reportName, email: answer.email });
    } catch (error) {
      const invalid = error instanceof ApiError && (error.status === 400 || error.code === REPORT.UNSUBSCRIBE_INVALID);
      setOutcome(invalid ? { state: 'invalid' } : { state: 'failed', message: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      {/* A plain card, not the sign-in card: an external recipient has no login to go back to. */}
      <Card className="w-full p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">{t('reports.unsubscribe.title')}</h1>
        <div className="mt-5 space-y-4">
          {outcome.state === 'done' ? (
            <Alert theme="green" role="status" title={t('reports.unsubscribe.doneTitle')}>
              {t('reports.unsubscribe.doneText', { email: outcome.email, report: outcome.reportName })}
            </Alert>
          ) : null}
          {outcome.state === 'invalid' ? (
            <Alert theme="red" role="alert" title={t('reports.unsubscribe.invalidTitle')}>
              {t('reports.unsubscribe.invalidText')}
            </Alert>
          ) : null}
          {outcome.state === 'failed' ? (
            <Alert theme="red" role="alert">
              {outcome.message}
            </Alert>
          ) : null}
          {outcome.state === 'ready' || outcome.state === 'failed' ? (
            <>
              <p className="text-sm text-slate-600">{t('reports.unsubscribe.intro')}</p>
              <Button block loading={loading} onClick={() => void confirm()}>
                {t('reports.unsubscribe.confirm')}
              </Button>
            </>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

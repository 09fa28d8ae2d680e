import { REPORT } from '@portal/core/report';
import { TokenAction, useQueryToken } from '../../../components/token-action.tsx';
import { useT } from '../../../i18n/index.ts';
import { PublicTokenCard } from '../components/public-token-card.tsx';
import { unsubscribe } from '../api/reports.ts';
import { useRunReportName } from '../components/report-name.ts';

/**
 * /unsubscribe?token=… (ADR 042): the link in a report mail to an external recipient. Public (no
 * session). The recipient leaves the list on the button, not on opening, so a mail scanner that fetches
 * links does not unsubscribe anyone (mail clients use the List-Unsubscribe-Post header instead).
 */
export function UnsubscribeRoute() {
  const t = useT();
  const token = useQueryToken();
  const reportName = useRunReportName();
  return (
    <PublicTokenCard title={t('reports.unsubscribe.title')}>
      <TokenAction
        token={token}
        run={unsubscribe}
        invalidCodes={[REPORT.UNSUBSCRIBE_INVALID]}
        texts={{
          intro: t('reports.unsubscribe.intro'),
          confirm: t('reports.unsubscribe.confirm'),
          doneTitle: t('reports.unsubscribe.doneTitle'),
          doneText: (answer) => t('reports.unsubscribe.doneText', { email: answer.email, report: reportName(answer) }),
          invalidTitle: t('reports.unsubscribe.invalidTitle'),
          invalidText: t('reports.unsubscribe.invalidText'),
        }}
      />
    </PublicTokenCard>
  );
}

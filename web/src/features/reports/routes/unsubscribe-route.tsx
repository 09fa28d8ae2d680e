import { REPORT } from '@portal/core/report';
import { ReportTokenPage } from '../components/public-token-card.tsx';
import { unsubscribe } from '../api/reports.ts';
import { useRunReportName } from '../components/report-name.ts';

/**
 * /unsubscribe?token=… (ADR 042): the link in a report mail to an external recipient. Public (no
 * session). The recipient leaves the list on the button, not on opening, so a mail scanner that fetches
 * links does not unsubscribe anyone (mail clients use the List-Unsubscribe-Post header instead).
 */
export function UnsubscribeRoute() {
  const reportName = useRunReportName();
  return <ReportTokenPage kind="unsubscribe" run={unsubscribe} invalidCode={REPORT.UNSUBSCRIBE_INVALID} reportName={reportName} />;
}

import { REPORT } from '@portal/core/report';
import { ReportTokenPage } from '../components/public-token-card.tsx';
import { confirmContact } from '../api/reports.ts';

/**
 * /report-confirmation?token=… (ADR 051): the double opt-in link mailed to a new external contact of a
 * report. Public (no session). The contact is confirmed on the button, not on opening, so a mail scanner
 * that fetches links confirms nobody; until then no report mail goes to the address.
 */
export function ReportConfirmationRoute() {
  return (
    <ReportTokenPage
      kind="confirm"
      run={confirmContact}
      invalidCode={REPORT.CONFIRMATION_INVALID}
      reportName={(answer) => answer.reportName}
    />
  );
}

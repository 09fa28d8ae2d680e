import { REPORT } from '@portal/core/report';
import { TokenAction, useQueryToken } from '../../../components/token-action.tsx';
import { useT } from '../../../i18n/index.ts';
import { PublicTokenCard } from '../components/public-token-card.tsx';
import { confirmContact } from '../api/reports.ts';

/**
 * /report-confirmation?token=… (ADR 051): the double opt-in link mailed to a new external contact of a
 * report. Public (no session). The contact is confirmed on the button, not on opening, so a mail scanner
 * that fetches links confirms nobody; until then no report mail goes to the address.
 */
export function ReportConfirmationRoute() {
  const t = useT();
  const token = useQueryToken();
  return (
    <PublicTokenCard title={t('reports.confirm.title')}>
      <TokenAction
        token={token}
        run={confirmContact}
        invalidCodes={[REPORT.CONFIRMATION_INVALID]}
        texts={{
          intro: t('reports.confirm.intro'),
          confirm: t('reports.confirm.confirm'),
          doneTitle: t('reports.confirm.doneTitle'),
          doneText: (answer) => t('reports.confirm.doneText', { email: answer.email, report: answer.reportName }),
          invalidTitle: t('reports.confirm.invalidTitle'),
          invalidText: t('reports.confirm.invalidText'),
        }}
      />
    </PublicTokenCard>
  );
}

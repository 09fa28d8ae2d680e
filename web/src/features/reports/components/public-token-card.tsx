import type { ReactNode } from 'react';
import { TokenAction, useQueryToken } from '../../../components/token-action.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';

/**
 * The page of a mailed report link (confirmation, unsubscribe): a plain card, not the sign-in card, as an
 * external contact has no login to go back to.
 */
export function PublicTokenCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      <Card className="w-full p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

/**
 * A mailed report link's whole page (ADR 042, ADR 051): the `?token=` run on the button, its texts the
 * catalogue's `reports.<kind>` table (the same keys for both links), the done text naming address and report.
 */
export function ReportTokenPage<T extends { email: string }>({
  kind,
  run,
  invalidCode,
  reportName,
}: {
  kind: 'confirm' | 'unsubscribe';
  run: (token: string) => Promise<T>;
  invalidCode: string;
  reportName: (answer: T) => string;
}) {
  const t = useT();
  const token = useQueryToken();
  return (
    <PublicTokenCard title={t(`reports.${kind}.title`)}>
      <TokenAction
        token={token}
        run={run}
        invalidCodes={[invalidCode]}
        texts={{
          intro: t(`reports.${kind}.intro`),
          confirm: t(`reports.${kind}.confirm`),
          doneTitle: t(`reports.${kind}.doneTitle`),
          doneText: (answer) => t(`reports.${kind}.doneText`, { email: answer.email, report: reportName(answer) }),
          invalidTitle: t(`reports.${kind}.invalidTitle`),
          invalidText: t(`reports.${kind}.invalidText`),
        }}
      />
    </PublicTokenCard>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * The frame a report's page and the new report's form share: the way back to the list, a card with its title, what a
 * save answered. Apart from the page's module, so the new report's form does not download the page's schedule form,
 * time-zone picker and lower panels (ADR 154).
 */

export const listPath = (customerId: string, tab: 'general' | 'custom') =>
  `${paths.connect.reports}?${new URLSearchParams({ customer: customerId, tab }).toString()}`;

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** Above a card's form: what its last save answered (the server's failure; the confirmation, where given). */
export function SaveOutcome({ failure, saved }: { failure: { message: string } | null; saved?: string | null }) {
  return (
    <>
      {failure ? (
        <Alert theme="red" role="alert" className="mb-4">
          {failure.message}
        </Alert>
      ) : null}
      {saved ? (
        <Alert theme="green" role="status" className="mb-4">
          {saved}
        </Alert>
      ) : null}
    </>
  );
}

export function BackLink({ to }: { to: string }) {
  const t = useT();
  return (
    <Link to={to} className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ChevronLeftIcon className="size-4" />
      {t('reportPage.back')}
    </Link>
  );
}

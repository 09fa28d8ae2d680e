import type { AllocationChange, AllocationOverview } from '@portal/core/product';
import { useState } from 'react';
import { Alert, ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { approveChange, rejectChange } from '../api/allocation.ts';
import { ChangeSummary } from './change-row.tsx';

/** The open changes (pending and approved, oldest first); approvers decide the pending ones here. */
export function ChangesPanel({ overview }: { overview: AllocationOverview }) {
  const t = useT();
  const names = new Map(overview.products.map((p) => [p.productId, p.name]));
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const decide = async (work: () => Promise<AllocationChange>) => {
    setProblem('');
    setDone('');
    try {
      const change = await work();
      setDone(t('allocation.decided', { status: t(`allocation.statuses.${change.status}`) }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" aria-labelledby="allocation-open">
      <h2 id="allocation-open" className="mb-3 text-base font-semibold text-slate-900">
        {t('allocation.open')}
      </h2>
      <ProblemAlert problem={problem} />
      {done ? (
        <Alert theme="green" role="status">
          {done}
        </Alert>
      ) : null}
      {overview.open.length === 0 ? <p className="text-sm text-slate-600">{t('allocation.noOpen')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {overview.open.map((change) => {
          // Four-eyes (ADR 108): one's own change is approved by someone else; rejecting it withdraws it.
          const own = change.requestedBy === overview.viewer;
          const ownId = `allocation-own-${change.changeId}`;
          return (
            <li key={change.changeId} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
              <ChangeSummary change={change} names={names} />
              {overview.mayApprove && change.status === 'pending' ? (
                <div className="flex shrink-0 flex-col gap-2 sm:w-64">
                  <TextField
                    label={t('allocation.rejectReason')}
                    value={reasons[change.changeId] ?? ''}
                    maxLength={500}
                    onValueChange={(reason) => setReasons((r) => ({ ...r, [change.changeId]: reason }))}
                  />
                  {own ? (
                    <p id={ownId} className="text-xs text-slate-600">
                      {t('allocation.ownChange')}
                    </p>
                  ) : null}
                  <div className="flex gap-2">
                    <Button
                      disabled={own}
                      aria-describedby={own ? ownId : undefined}
                      onClick={() => void decide(() => approveChange(overview.customerId, change.changeId))}
                    >
                      {t('allocation.approve')}
                    </Button>
                    <Button
                      theme="secondary"
                      onClick={() => void decide(() => rejectChange(overview.customerId, change.changeId, reasons[change.changeId] ?? ''))}
                    >
                      {t('allocation.reject')}
                    </Button>
                  </div>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

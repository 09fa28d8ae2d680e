import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/card.tsx';
import { type Step, Stepper } from '../../../components/ui/stepper.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useCouponingDraft } from '../model/couponing-draft.ts';

/** The couponing stepper's index (SPEC 4: 0 to 2) — Filter, Query, Details (SPEC 2). */
export type CouponingStep = 0 | 1 | 2;

/**
 * The frame of every couponing screen: the stepper (earlier steps link back; Query only once serials
 * were sent to it) and the heading.
 */
export function CouponingPage({
  step,
  title,
  description,
  actions,
  children,
}: {
  step: CouponingStep;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { serials } = useCouponingDraft();
  const steps: Step[] = [
    { label: t('couponing.steps.filter'), to: paths.app.couponing.serials },
    { label: t('couponing.steps.query'), ...(serials.length > 0 ? { to: paths.app.couponing.query } : {}) },
    { label: t('couponing.steps.details') },
  ];
  return (
    <div>
      <Stepper steps={steps} current={step} label={t('couponing.steps.label')} />
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type Step, Stepper } from '../../../components/ui/stepper.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useOrderContext } from '../model/use-order-context.ts';

/** The four steps of the order stepper (SPEC 2): Address, Products, Order, Finalization. */
export type OrderStep = 0 | 1 | 2 | 3;

/**
 * The frame of every order screen: the stepper (finished steps link back), the retailer the order is
 * for, the heading. Without a chosen retailer (possible only with disableRetailerLevel) it asks for one.
 */
export function OrderPage({
  step,
  title,
  description,
  actions,
  children,
}: {
  step: OrderStep;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { retailer, draft } = useOrderContext();
  const locationId = draft.location?.storeId;
  const steps: Step[] = [
    { label: t('order.steps.address'), to: paths.app.order.address },
    { label: t('order.steps.products'), ...(locationId ? { to: paths.app.order.location(locationId) } : {}) },
    { label: t('order.steps.order'), ...(locationId ? { to: paths.app.order.check(locationId) } : {}) },
    { label: t('order.steps.finalization') },
  ];
  return (
    <div>
      <Stepper steps={steps} current={step} label={t('order.steps.label')} />
      {retailer ? (
        <p className="-mt-2 mb-4 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
          <span>{t('order.retailer', { name: retailer.name })}</span>
          {step < 3 ? (
            <Link to={paths.app.retailerSelection} className="font-medium text-brand-700 hover:underline">
              {t('order.changeRetailer')}
            </Link>
          ) : null}
        </p>
      ) : null}
      <PageHeader title={title} description={description} actions={actions} />
      {retailer || step === 3 ? (
        children
      ) : (
        <div className="space-y-4">
          <Alert theme="orange" role="alert">
            {t('messages.selectRetailer')}
          </Alert>
          <Link to={paths.app.retailerSelection} className={buttonClasses('primary')}>
            {t('retailerSelection.title')}
          </Link>
        </div>
      )}
    </div>
  );
}

/** A loading line inside a step. */
export function StepLoading() {
  const t = useT();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500">
      <Spinner className="size-5" />
      {t('app.loading')}
    </div>
  );
}

/** The header action back to the product list of the chosen delivery address (basket and check steps). */
export function BackToProducts({ storeId, label }: { storeId: string; label: string }) {
  return (
    <Link to={paths.app.order.location(storeId)} className={buttonClasses('secondary')}>
      {label}
    </Link>
  );
}

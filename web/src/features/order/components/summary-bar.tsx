import { isOrderValid, orderProblems, orderTotal } from '@portal/core/ordering';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CartIcon } from '../../../components/ui/icons.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { formatNumber } from '../../../lib/user-format.ts';
import type { OrderDraft } from '../model/order-draft.ts';
import { BASKET_BAR_ATTRIBUTE } from '../model/popover-placement.ts';

/**
 * The basket summary under the products (sticky above the phone's bottom bar): lines, the total of the
 * valid lines, the first thing that blocks the order ('Please enter at least one value', 'Your order is
 * invalid'), the basket link and Continue (to check/:id), disabled while the order is not valid.
 */
export function SummaryBar({ draft, locale, showBasketLink = true }: { draft: OrderDraft; locale: string; showBasketLink?: boolean }) {
  const t = useT();
  const { basket, location } = draft;
  const problem = orderProblems({ basket, location })[0];
  const valid = isOrderValid(basket) && location !== null;
  const lines = t('order.summary.lines', { count: basket.length });
  return (
    <section
      {...{ [BASKET_BAR_ATTRIBUTE]: '' }}
      aria-label={t('order.summary.label')}
      className="sticky bottom-16 z-10 mt-6 rounded-2xl bg-white/95 p-3 shadow-lg ring-1 ring-slate-200 backdrop-blur sm:p-4 md:bottom-4"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span
            className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex"
            aria-hidden="true"
          >
            <CartIcon className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-slate-900">
              {lines} · {t('order.summary.total', { total: formatNumber(orderTotal(basket), locale) })}
            </p>
            <p
              aria-live="polite"
              className={`truncate text-xs ${problem === 'Your order is invalid' ? 'font-medium text-red-700' : 'text-slate-500'}`}
            >
              {problem ? translateCoreMessage(t, problem) : '\u00a0'}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {showBasketLink && basket.length > 0 ? (
            <Link to={paths.app.order.basket} className={buttonClasses('text')}>
              {t('order.summary.basket')}
            </Link>
          ) : null}
          {valid && location ? (
            <Link to={paths.app.order.check(location.storeId)} className={buttonClasses('primary')}>
              {t('order.summary.continue')} <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <button type="button" disabled className={buttonClasses('primary')}>
              {t('order.summary.continue')} <span aria-hidden="true">→</span>
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

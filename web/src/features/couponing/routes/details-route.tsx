import type { SerialDetails } from '@portal/core/couponing';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { FullPageSpinner } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ChevronLeftIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useCouponingDraft } from '../model/couponing-draft.ts';
import { type CardRef, cardRefOf, useSerialDetails } from '../api/serial-check.ts';
import { CardFacts } from '../components/card-facts.tsx';
import { CouponActions } from '../components/coupon-actions.tsx';
import { CouponingPage } from '../components/couponing-page.tsx';
import { TransactionsTable } from '../components/transactions-table.tsx';
import { SERIAL } from '@portal/core/couponing';

/**
 * /app/couponing/details?serial=&ean= — step 3, Details: one card with its facts, the actions the user
 * may book on it, and its transactions (SPEC 2, 3). A serial that is not found, or carried by several
 * cards when the URL names no EAN, says so and leads back.
 */
export function DetailsRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const ref = cardRefOf(params);
  const { serials } = useCouponingDraft();
  const { data, error, isLoading, mutate } = useSerialDetails(ref);

  const back =
    serials.length > 0 ? (
      <Link to={paths.app.couponing.query} className={buttonClasses('secondary')}>
        <ChevronLeftIcon className="size-4" />
        {t('couponing.details.back')}
      </Link>
    ) : (
      <Link to={paths.app.couponing.serials} className={buttonClasses('secondary')}>
        <ChevronLeftIcon className="size-4" />
        {t('couponing.toFilter')}
      </Link>
    );
  const serial = ref?.serial ?? '';
  const title = ref ? t('couponing.details.title', { serial }) : t('couponing.steps.details');

  const problem = (status: 'notFound' | 'multipleResults' | null, text: string) => (
    <EmptyState
      heading="h2"
      icon={<TicketIcon className="size-6" />}
      title={status ? t(`couponing.serialStatus.${status}`) : t('couponing.steps.details')}
      text={text}
      action={back}
    />
  );

  let body;
  if (!ref) body = problem(null, t('couponing.details.missingText'));
  else if (data) body = <DetailsView details={data} shown={ref} />;
  else if (isLoading) body = <FullPageSpinner label={t('couponing.details.loading')} />;
  else if (error instanceof ApiError && error.status === 404) body = problem('notFound', t('couponing.details.notFoundText', { serial }));
  else if (error instanceof ApiError && error.code === SERIAL.MULTIPLE_RESULTS) {
    body = problem('multipleResults', t('couponing.details.multipleText', { serial }));
  } else if (error) {
    body = (
      <LoadFailed
        message={t('couponing.details.loadFailed')}
        retryLabel={t('couponing.details.retry')}
        onRetry={() => void mutate()}
        error={error}
        layout="inline"
      />
    );
  }

  return (
    <CouponingPage
      step={2}
      title={<span className="break-words">{title}</span>}
      description={
        data ? (
          <span className="flex flex-wrap items-center gap-2">
            <span>{data.card.productName ?? data.card.ean}</span>
            {data.card.contract ? <Badge theme="blue">{t('couponing.details.contract')}</Badge> : null}
          </span>
        ) : undefined
      }
      actions={data ? back : undefined}
    >
      {body}
    </CouponingPage>
  );
}

function DetailsView({ details, shown }: { details: SerialDetails; shown: CardRef }) {
  const t = useT();
  return (
    <div className="space-y-6">
      <CardFacts details={details} />
      {/* Keyed by card: another card starts with no alert and no open attempt. */}
      <CouponActions key={`${details.card.serial}|${details.card.ean}`} details={details} shown={shown} />
      <section className="space-y-3" aria-labelledby="coupon-transactions">
        <h2 id="coupon-transactions" className="text-lg font-semibold text-slate-900">
          {t('couponing.transactions.title')}
        </h2>
        {details.transactionCount > details.transactions.length ? (
          <p className="text-sm text-slate-600">
            {t('couponing.transactions.newestOf', { shown: details.transactions.length, count: details.transactionCount })}
          </p>
        ) : null}
        <TransactionsTable transactions={details.transactions} />
      </section>
    </div>
  );
}

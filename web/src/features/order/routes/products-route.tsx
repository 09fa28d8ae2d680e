import { isSelectableAddress, type ProductRow } from '@portal/core/ordering';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ListIcon } from '../../../components/ui/icons.tsx';
import { ListEmpty } from '../../../components/ui/list-empty.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type Translate, useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { snacks } from '../../../lib/snack.ts';
import { defaultColumnsFor, shownColumns, useColumnChoice } from '../model/column-choice.ts';
import { chooseLocation, refreshBasket, updateBasket, useApplyOn } from '../model/order-draft.ts';
import { useProducts } from '../api/ordering-api.ts';
import {
  applyQuantity,
  applySuggested,
  columnLabel,
  filterProducts,
  nextSort,
  type ProductColumn,
  type SortState,
  sortProducts,
  suggestedChanges,
  visibleColumns,
} from '../model/product-table.ts';
import { useWideScreen } from '../../../lib/use-media-query.ts';
import { type OrderContext, useOrderContext } from '../model/use-order-context.ts';
import { ApplyOnChoice } from '../components/apply-on-choice.tsx';
import { ColumnChooser } from '../components/column-chooser.tsx';
import { OrderPage, StepLoading } from '../components/order-page.tsx';
import { ProductCards } from '../components/product-cards.tsx';
import { ProductTable } from '../components/product-table.tsx';
import { SummaryBar } from '../components/summary-bar.tsx';

/**
 * The products of location `id` for the current retailer (shared by the products step and the product
 * page). On arrival the location becomes the order's location (another one starts a new basket) and
 * the basket's lines take the current product data.
 */
export function useLocationProducts(id: string | undefined, ctx: OrderContext) {
  const current = ctx.draft.location;
  const storeType = current && current.storeId === id ? current.storeType : ctx.storeType;
  const query = ctx.retailerId && id ? { customerId: ctx.retailerId, storeType, storeId: id } : null;
  const result = useProducts(query);
  const { data } = result;
  const { portal, retailerId, draft } = ctx;
  useEffect(() => {
    if (!data || !isSelectableAddress(data.location)) return;
    if (JSON.stringify(draft.location) !== JSON.stringify(data.location)) {
      chooseLocation(portal, retailerId, data.location);
    } else if (refreshBasket(draft.basket, data.items) !== draft.basket) {
      updateBasket(portal, retailerId, (b) => refreshBasket(b, data.items));
    }
  }, [data, draft.location, draft.basket, portal, retailerId]);
  return result;
}

/** The phone's sort choices: the catalogue order, then each column ascending and descending. */
function sortOptionsOf(
  t: Translate,
  columns: readonly ProductColumn[],
  labelOf: (column: ProductColumn) => string,
): { value: string; label: string; sort: SortState | null }[] {
  return [
    { value: '', label: t('order.products.catalogueOrder'), sort: null },
    ...columns.flatMap((column) => [
      {
        value: `${column}:asc`,
        label: t('order.products.ascending', { column: labelOf(column) }),
        sort: { column, direction: 'asc' as const },
      },
      {
        value: `${column}:desc`,
        label: t('order.products.descending', { column: labelOf(column) }),
        sort: { column, direction: 'desc' as const },
      },
    ]),
  ];
}

/** /app/order/location/:id — step 2, Products: the quantities per product. */
export function ProductsRoute() {
  const t = useT();
  const { id } = useParams();
  const ctx = useOrderContext();
  const { data, error, isLoading, mutate } = useLocationProducts(id, ctx);
  const wide = useWideScreen('md');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [applyOn, setApplyOn] = useApplyOn();

  const location = data?.location;
  const columns = visibleColumns(ctx.settings);
  const [storedColumns, setStoredColumns] = useColumnChoice(ctx.portal, ctx.username);
  // The host brand's price label (ADR 089) heads the price column and puts it among the defaults.
  const priceLabel = data?.priceLabel;
  const labelOf = (column: ProductColumn) => columnLabel(t, column, priceLabel);
  const defaults = defaultColumnsFor(priceLabel);
  const figures = shownColumns(columns, storedColumns, defaults);
  const items = data?.items ?? [];
  const listed = sortProducts(filterProducts(items, filter), sort);
  const basket = ctx.draft.basket;

  const onQuantity = (product: ProductRow, text: string) =>
    updateBasket(ctx.portal, ctx.retailerId, (b) => applyQuantity(b, product, text, applyOn, listed));
  const changes = suggestedChanges(basket, items);
  const useSuggested = () => {
    updateBasket(ctx.portal, ctx.retailerId, (b) => applySuggested(b, items));
    snacks.push({ text: t('order.products.suggestedApplied', { count: changes }), theme: 'green' });
  };

  const sortOptions = sortOptionsOf(t, columns, labelOf);

  return (
    <OrderPage
      step={1}
      title={t('order.products.title')}
      description={location ? t('order.products.deliveryTo', { name: location.name, address: location.address }) : undefined}
      actions={
        <Link to={paths.app.order.address} className={buttonClasses('secondary')}>
          {t('order.products.changeAddress')}
        </Link>
      }
    >
      {error && !data ? (
        <LoadFailed message={t('order.loadFailed')} retryLabel={t('order.retry')} onRetry={() => void mutate()} />
      ) : isLoading || !data || !id ? (
        <StepLoading />
      ) : location && !isSelectableAddress(location) ? (
        <div className="space-y-3">
          <Alert theme="orange" role="alert">
            {t('order.address.notSelectable', {
              status: t(`order.address.statuses.${location.status}`),
            })}
          </Alert>
          <Link to={paths.app.order.address} className={buttonClasses('primary')}>
            {t('order.address.title')}
          </Link>
        </div>
      ) : items.length === 0 ? (
        <Card>
          <ListEmpty title={t('order.products.emptyTitle')} text={t('order.products.empty')} icon={<ListIcon className="size-5" />} />
        </Card>
      ) : (
        <>
          <Card className="mb-4 p-4 sm:p-5">
            <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
                <div role="search" className="sm:w-72">
                  <TextField
                    label={t('order.products.filter')}
                    placeholder={t('order.products.filterPlaceholder')}
                    value={filter}
                    onValueChange={setFilter}
                    autoComplete="off"
                  />
                </div>
                <ApplyOnChoice value={applyOn} onChange={setApplyOn} listedCount={listed.length} />
              </div>
              <div className="flex flex-wrap items-center gap-2 self-start lg:self-end">
                {wide ? (
                  <ColumnChooser
                    available={columns}
                    shown={figures}
                    stored={storedColumns}
                    defaults={defaults}
                    labelOf={labelOf}
                    onChange={setStoredColumns}
                  />
                ) : null}
                <Button theme="secondary" onClick={useSuggested} disabled={changes === 0}>
                  {t('order.products.useSuggested')}
                </Button>
              </div>
            </div>
            {!wide ? (
              <SelectField
                className="mt-4"
                label={t('order.products.sortBy')}
                value={sort ? `${sort.column}:${sort.direction}` : ''}
                options={sortOptions}
                onValueChange={(v) => setSort(sortOptions.find((option) => option.value === v)?.sort ?? null)}
              />
            ) : null}
          </Card>
          <p className="mb-2 text-xs text-slate-500" aria-live="polite">
            {t('order.products.count', { shown: listed.length, total: items.length, count: items.length })}
            {wide ? ` · ${t('order.products.sortHint')}` : ''}
          </p>
          {listed.length === 0 ? (
            <Card>
              <ListEmpty title={t('order.noResults')} text={t('order.products.noMatch')} />
            </Card>
          ) : wide ? (
            <ProductTable
              rows={listed}
              columns={figures}
              sort={sort}
              onSort={(c) => setSort((s) => nextSort(s, c))}
              basket={basket}
              onQuantity={onQuantity}
              locationId={id}
              ctx={ctx}
              labelOf={labelOf}
            />
          ) : (
            <ProductCards
              rows={listed}
              columns={columns}
              basket={basket}
              onQuantity={onQuantity}
              locationId={id}
              ctx={ctx}
              labelOf={labelOf}
              priced={priceLabel !== undefined}
            />
          )}
          <SummaryBar draft={ctx.draft} locale={ctx.locale} />
        </>
      )}
    </OrderPage>
  );
}

import type { ConnectProduct, ProductPage } from '@portal/core/product';
import { toPagination } from '@portal/core/shared';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FiltersCard, PageHeader } from '../../../components/ui/card.tsx';
import { type Column, TableOrCards } from '../../../components/ui/data-table.tsx';
import { ListIcon } from '../../../components/ui/icons.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SearchField } from '../../../components/ui/list-search.tsx';
import { useT } from '../../../i18n/index.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { useProducts } from '../api/products.ts';
import {
  formatProductAmount,
  isFiltered,
  PRODUCT_PAGE_SIZES,
  type ProductFilter,
  productFilterFrom,
  productFilterParams,
  productQuery,
  productValueText,
} from '../model/product-filter.ts';
import { CardFact } from '../../../components/fact.tsx';

const STATUS_THEME = { active: 'green', inactive: 'gray', locked: 'orange' } as const;

function StatusBadge({ status }: { status: ConnectProduct['status'] }) {
  const t = useT();
  return <Badge theme={STATUS_THEME[status]}>{t(`products.status.${status}`)}</Badge>;
}

/**
 * /connect/products (ADR 037): the catalogue with its connect fields. Filters live in
 * the URL (shareable, the back button restores them); the text search asks once typing pauses. A table
 * from the md breakpoint, one card per product below it; the empty state says "No products".
 */
export function ProductsScreen() {
  const t = useT();
  // Every filter change goes back to the first page (ADR 057).
  const [params, write] = useUrlState({ resets: ['page'] });
  const filter = productFilterFrom(params);
  const [text, setText] = useState(filter.q);
  /** The named fields as the URL spells them (defaults left out); the other parameters stay as they are. */
  const update = (next: Partial<ProductFilter>, push = false) => {
    const spelled = productFilterParams({ ...filter, ...next });
    write(Object.fromEntries(Object.keys(next).map((name) => [name, spelled.get(name)])), { push });
  };
  // Only a pause in typing asks again.
  const onText = (typed: string) => {
    setText(typed);
    write({ q: typed.trim() }, { after: 300 });
  };
  const clear = () => {
    setText('');
    write(() => new URLSearchParams());
  };

  const products = useProducts(productQuery(filter));
  const facets = products.data?.facets;
  const any = { value: '', label: t('products.filters.any') };
  // A facet's choices, and the current value even when the facets no longer list it (it stays selected).
  const options = (known: readonly { value: string; label: string }[], current: string) => [
    any,
    ...known,
    ...(current && !known.some((o) => o.value === current) ? [{ value: current, label: current }] : []),
  ];
  const named = (values: readonly string[] | undefined) => [...new Set(values)].map((v) => ({ value: v, label: v }));

  return (
    <div>
      <PageHeader title={t('products.title')} description={t('products.description')} />
      <div className="space-y-6">
        <FiltersCard title={t('products.filters.title')}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-7" role="search">
            <SearchField
              className="sm:col-span-2"
              label={t('products.filters.search')}
              placeholder={t('products.filters.searchPlaceholder')}
              value={text}
              onValueChange={onText}
            />
            <SelectField
              label={t('products.filters.productType')}
              value={filter.productType}
              options={options(named(facets?.productTypes), filter.productType)}
              onValueChange={(productType) => update({ productType })}
            />
            <SelectField
              label={t('products.filters.category')}
              value={filter.category}
              options={options(named(facets?.categories), filter.category)}
              onValueChange={(category) => update({ category })}
            />
            <SelectField
              label={t('products.filters.contentProvider')}
              value={filter.contentProviderId}
              options={options(
                (facets?.contentProviders ?? []).map((p) => ({ value: p.customerId, label: p.name })),
                filter.contentProviderId,
              )}
              onValueChange={(contentProviderId) => update({ contentProviderId })}
            />
            <SelectField
              label={t('products.filters.currency')}
              value={filter.currency}
              options={options(named(facets?.currencies), filter.currency)}
              onValueChange={(currency) => update({ currency })}
            />
            <SelectField
              label={t('products.filters.status')}
              value={filter.status}
              options={[any, ...(['active', 'inactive', 'locked'] as const).map((s) => ({ value: s, label: t(`products.status.${s}`) }))]}
              onValueChange={(status) => update({ status })}
            />
          </div>
          {isFiltered(filter) ? (
            <div className="mt-4 flex justify-end">
              <Button theme="secondary" onClick={clear}>
                {t('products.filters.clear')}
              </Button>
            </div>
          ) : null}
        </FiltersCard>
        <QueryState
          result={products}
          failedMessage={t('products.failed')}
          retryLabel={t('products.retry')}
          loadingLabel={t('products.loading')}
          isEmpty={(data) => data.totalCount === 0}
          empty={{
            icon: <ListIcon className="size-6" />,
            title: t('products.empty.title'),
            text: isFiltered(filter) ? t('products.empty.filteredText') : t('products.empty.text'),
            action: isFiltered(filter) ? (
              <Button theme="secondary" onClick={clear}>
                {t('products.filters.clear')}
              </Button>
            ) : undefined,
          }}
        >
          {(data) => (
            <ProductList
              data={data}
              busy={products.isValidating}
              onPage={(page) => update({ page }, true)}
              onPageSize={(pageSize) => update({ pageSize })}
            />
          )}
        </QueryState>
      </div>
    </div>
  );
}

function ProductList({
  data,
  busy,
  onPage,
  onPageSize,
}: {
  data: ProductPage;
  busy: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const t = useT();
  const { locale } = useUserFormat();
  const money = (p: ConnectProduct, cents: number | undefined) =>
    cents === undefined ? '—' : formatProductAmount(cents, p.currency, locale);
  const columns: Column<ConnectProduct>[] = [
    {
      key: 'name',
      header: t('products.table.name'),
      cell: (p) => (
        <div className="min-w-40">
          <p className="font-medium text-slate-900">{p.name}</p>
          <p className="text-xs text-slate-500">{p.company}</p>
        </div>
      ),
    },
    {
      key: 'ean',
      header: `${t('products.table.ean')} / ${t('products.table.sku')}`,
      nowrap: true,
      cell: (p) => (
        <div>
          <p className="tabular-nums">{p.ean}</p>
          <p className="text-xs text-slate-500">{p.sku}</p>
        </div>
      ),
    },
    { key: 'value', header: t('products.table.value'), align: 'end', nowrap: true, cell: (p) => productValueText(p, locale) },
    {
      key: 'esp',
      header: <abbr title={t('products.table.espLong')}>{t('products.table.esp')}</abbr>,
      label: t('products.table.esp'),
      align: 'end',
      nowrap: true,
      cell: (p) => money(p, p.espCents),
    },
    { key: 'currency', header: t('products.table.currency'), nowrap: true, cell: (p) => p.currency ?? '—' },
    { key: 'type', header: t('products.table.productType'), nowrap: true, cell: (p) => p.productType ?? '—' },
    { key: 'provider', header: t('products.table.contentProvider'), cell: (p) => p.contentProviderName ?? p.contentProviderId ?? '—' },
    { key: 'category', header: t('products.table.category'), cell: (p) => p.category ?? '—' },
    { key: 'status', header: t('products.table.status'), cell: (p) => <StatusBadge status={p.status} /> },
  ];
  const pagination = toPagination(data);
  return (
    <div className="space-y-3">
      <TableOrCards
        from="md"
        caption={t('products.table.caption')}
        columns={columns}
        rows={data.items}
        rowKey={(p) => p.productId}
        busy={busy}
        card={(p) => <ProductCard product={p} />}
      />
      <Pagination
        pagination={pagination}
        onPageChange={onPage}
        pageSizes={PRODUCT_PAGE_SIZES}
        onPageSizeChange={onPageSize}
        busy={busy}
        labels={{
          nav: t('products.paging.nav'),
          previous: t('products.paging.previous'),
          next: t('products.paging.next'),
          pageOf: t('products.paging.pageOf', { page: pagination.currentPage, pages: pagination.pageCount }),
          total: t('products.paging.total', { count: formatNumber(pagination.totalCount, locale) }),
          pageSize: t('products.paging.pageSize'),
        }}
      />
    </div>
  );
}

/** One product as a card (phones): the table's fields, values first. */
function ProductCard({ product: p }: { product: ConnectProduct }) {
  const t = useT();
  const { locale } = useUserFormat();
  const line = (label: string, value: string) => <CardFact label={label} value={value} />;
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{p.name}</h3>
          <p className="truncate text-xs text-slate-500 tabular-nums">
            {p.ean} · {p.sku}
          </p>
        </div>
        <StatusBadge status={p.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {line(t('products.table.value'), productValueText(p, locale))}
        {line(t('products.table.esp'), p.espCents === undefined ? '—' : formatProductAmount(p.espCents, p.currency, locale))}
        {line(t('products.table.productType'), p.productType ?? '—')}
        {line(t('products.table.category'), p.category ?? '—')}
        {line(t('products.table.contentProvider'), p.contentProviderName ?? p.contentProviderId ?? '—')}
        {line(t('products.table.currency'), p.currency ?? '—')}
      </dl>
    </article>
  );
}

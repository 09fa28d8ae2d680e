import type { ConnectProduct, ProductPage, ProductQuery } from '@portal/core/product';
import { pageBounds } from '@portal/core/shared';
import { type Actor, requirePermission, mayActFor, retailersOfActor } from '../access/index.ts';
import { allCustomerRoles } from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';
import { currentProducts, type Product } from './product.ts';

export type ProductServiceDeps = { db: Db; now: () => Date };

const cents = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 100));

/** A catalogue product as the connect list answers it (amounts in cents, the provider named). */
export function connectProductOf(p: Product, providerNames: ReadonlyMap<string, string>): ConnectProduct {
  const name = p.contentProviderId ? providerNames.get(p.contentProviderId) : undefined;
  const out: ConnectProduct = { productId: p.productId, ean: p.ean, sku: p.sku, name: p.name, company: p.company, status: p.status };
  const optional = {
    faceValueCents: cents(p.faceValue),
    minValueCents: cents(p.minValue),
    maxValueCents: cents(p.maxValue),
    espCents: cents(p.esp),
    currency: p.currency,
    productType: p.productType,
    category: p.category,
    contentProviderId: p.contentProviderId,
    contentProviderName: name,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  return out;
}

const same = (a: string | undefined, b: string | undefined) => b === undefined || b === '' || a?.toLowerCase() === b.toLowerCase();

/**
 * The products a query selects, in catalogue (name) order: `q` is contained in the name, EAN or SKU
 * (ignoring case); the other filters are exact (types, categories and currencies ignoring case). Pure.
 */
export function filterProducts(products: readonly Product[], query: Omit<ProductQuery, 'index' | 'maxResults'>): Product[] {
  const text = query.q?.trim().toLowerCase() ?? '';
  return products.filter(
    (p) =>
      (text === '' || p.name.toLowerCase().includes(text) || p.ean.includes(text) || p.sku.toLowerCase().includes(text)) &&
      same(p.productType, query.productType) &&
      same(p.category, query.category) &&
      same(p.currency, query.currency) &&
      (!query.contentProviderId || p.contentProviderId === query.contentProviderId) &&
      (!query.status || p.status === query.status),
  );
}

const distinct = (values: (string | undefined)[]) =>
  [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))].sort((a, b) => a.localeCompare(b));

/**
 * The connect product list (SPEC 3 Product (connect), ADR 037). Needs productManagement.viewProducts.
 * Which products: the whole catalogue for a global account and for an account that may act for a
 * retailer (retailers sell every card of the supplier's catalogue); an account that acts only for
 * providers sees the products whose content provider it may act for (its own content).
 *
 * The catalogue is master data (hundreds to a few thousand products): it is read whole from the
 * catalogue snapshot (ADR 029: one Query of a few items) and filtered and paged in memory. Calls per
 * request, in parallel: 1 Query (snapshot) + 1 Query (the provider list, for names and visibility) +
 * the retailer check (none for a global account, else 1 GetItem, or 1 Query for a group account).
 */
export function createProductService({ db, now }: ProductServiceDeps) {
  return {
    async list(actor: Actor, query: ProductQuery): Promise<ProductPage> {
      requirePermission(actor, 'productManagement', 'viewProducts');
      const global = actor.access.security.global === true;
      const at = now();
      const [catalogue, providers, retailers] = await Promise.all([
        currentProducts(db, at),
        allCustomerRoles(db, 'provider', at),
        global ? Promise.resolve([]) : retailersOfActor(db, actor, at),
      ]);
      const names = new Map(providers.map((p) => [p.customerId, p.name]));
      const ownProviders = new Set(providers.filter((p) => mayActFor(actor, p)).map((p) => p.customerId));
      const wholeCatalogue = global || retailers.length > 0;
      const visible = wholeCatalogue
        ? catalogue.items
        : catalogue.items.filter((p) => p.contentProviderId !== undefined && ownProviders.has(p.contentProviderId));
      const matching = filterProducts(visible, query);
      const { start, end } = pageBounds({ index: query.index, maxResults: query.maxResults }, matching.length);
      const providerIds = distinct(visible.map((p) => p.contentProviderId));
      return {
        items: matching.slice(start, end).map((p) => connectProductOf(p, names)),
        index: query.index,
        maxResults: query.maxResults,
        totalCount: matching.length,
        facets: {
          productTypes: distinct(visible.map((p) => p.productType)),
          categories: distinct(visible.map((p) => p.category)),
          currencies: distinct(visible.map((p) => p.currency)),
          contentProviders: providerIds.map((customerId) => ({ customerId, name: names.get(customerId) ?? customerId })),
        },
      };
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;

import { addDays } from '@portal/core/shared';
import type * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import { getMany } from '../platform/db/entity.ts';
import {
  ImportRejected,
  type LineOutcome,
  CustomerGroupImport,
  importCustomerRole,
  ProviderImport,
  RetailerImport,
  putCustomerGroup,
  DistributionCentreImport,
  distributionCentreKey,
  distributionCentres,
  putDistributionCentres,
  utcDate,
  currentProducts,
  type Product,
  ProductImport,
  putProducts,
  putRetailerProducts,
  RetailerProductImport,
  countries,
  currencies,
  divisions,
  platforms,
  regions,
  transactionTypes,
  SalesImport,
  writeSales,
  ShipmentImport,
  writeShipments,
  getStores,
  putStores,
  StoreImport,
} from '../masterdata/index.ts';
import { SerialRangeImport, writeSerialRanges } from '../couponing/index.ts';
import { TransactionImport, writeTransactions } from '../transaction/index.ts';

/**
 * The master-data import kinds (ADR 014), written in batches: `writeMany` gets every valid record of a
 * file in file order and answers one outcome per record. The file name names the kind (stores.csv,
 * sales.jsonl, ...). Load order for references: customerGroups, retailers, providers, products, stores,
 * distributionCentres, retailerProducts, serials, shipments, sales; countries before regions, customers
 * before divisions (the connect reference lists: reference-lists.ts).
 */
export type BatchDeps = { db: Db; now: () => Date };
export type BatchKind<T> = { schema: z.ZodMiniType<T>; writeMany: (deps: BatchDeps, records: T[]) => Promise<LineOutcome[]> };

/** Runs a per-record write for each record in order; ImportRejected becomes that record's rejection. */
async function oneByOne<T>(records: T[], write: (record: T) => Promise<'created' | 'updated'>): Promise<LineOutcome[]> {
  const out: LineOutcome[] = [];
  for (const record of records) {
    try {
      out.push(await write(record));
    } catch (error) {
      if (!(error instanceof ImportRejected)) throw error;
      out.push({ rejected: error.message });
    }
  }
  return out;
}

/**
 * The write of lines whose references are checked first (shipments, sales): `resolve` answers the line
 * to write, or the reason a record is rejected; `write` gets the resolved lines (each with its record's
 * index) and answers outcomes by that index. Answers one outcome per record, in order.
 */
async function writeResolved<T, L extends object>(
  records: readonly T[],
  resolve: (record: T) => string | L,
  write: (lines: (L & { index: number })[]) => Promise<LineOutcome[]>,
): Promise<LineOutcome[]> {
  const outcomes: LineOutcome[] = new Array(records.length);
  const lines: (L & { index: number })[] = [];
  for (const [index, record] of records.entries()) {
    const line = resolve(record);
    if (typeof line === 'string') outcomes[index] = { rejected: line };
    else lines.push({ ...line, index });
  }
  const written = await write(lines);
  for (const line of lines) outcomes[line.index] = written[line.index]!;
  return outcomes;
}

/** Lines dated after tomorrow (UTC) are refused: sales and shipments report what happened. */
const tooLate = (date: string, now: Date) => date > addDays(utcDate(now), 1);

/** The catalogue an import resolves its lines against: the process's copy while its version stands (ADR 072). */
async function catalogue(db: Db, now: Date) {
  const { items } = await currentProducts(db, now);
  return { byId: new Map(items.map((p) => [p.productId, p])), byEan: new Map(items.map((p): [string, Product] => [p.ean, p])) };
}

/** A kind whose records are written in one batch write (`put` decides and answers per record). */
const batched = <T>(schema: z.ZodMiniType<T>, put: (db: Db, records: T[], now: Date) => Promise<LineOutcome[]>): BatchKind<T> => ({
  schema,
  writeMany: ({ db, now }, records) => put(db, records, now()),
});

/** A kind whose records are written one after another (`put` throws ImportRejected to refuse one). */
const oneAtATime = <T>(schema: z.ZodMiniType<T>, put: (db: Db, record: T, now: Date) => Promise<'created' | 'updated'>): BatchKind<T> => ({
  schema,
  writeMany: ({ db, now }, records) => oneByOne(records, (r) => put(db, r, now())),
});

export const masterDataKinds = {
  customerGroups: oneAtATime(CustomerGroupImport, putCustomerGroup),
  retailers: oneAtATime(RetailerImport, (db, r, now) => importCustomerRole(db, 'retailer', r, now)),
  providers: oneAtATime(ProviderImport, (db, r, now) => importCustomerRole(db, 'provider', r, now)),
  products: batched(ProductImport, putProducts),
  stores: batched(StoreImport, putStores),
  distributionCentres: batched(DistributionCentreImport, putDistributionCentres),
  retailerProducts: batched(RetailerProductImport, putRetailerProducts),
  /** Serial ranges of issued cards (ADR 016); needs retailers and products. */
  serials: batched(SerialRangeImport, writeSerialRanges),
  platforms: batched(platforms.schema, platforms.put),
  countries: batched(countries.schema, countries.put),
  regions: batched(regions.schema, regions.put),
  currencies: batched(currencies.schema, currencies.put),
  transactionTypes: batched(transactionTypes.schema, transactionTypes.put),
  divisions: batched(divisions.schema, divisions.put),
  /** The processor's terminal transactions (ADR 032); needs customers and transactionTypes (and products for names). */
  transactions: batched(TransactionImport, writeTransactions),
  shipments: {
    schema: ShipmentImport,
    async writeMany({ db, now }, records) {
      const at = now();
      const { byId } = await catalogue(db, at);
      const stores = await getStores(db, [...new Set(records.filter((r) => r.storeType === 0).map((r) => r.storeId))]);
      const dcs = await getMany(
        db,
        distributionCentres,
        [...new Set(records.filter((r) => r.storeType === 1).map((r) => r.storeId))],
        distributionCentreKey,
      );
      return writeResolved(
        records,
        (r) => {
          const retailerId = r.storeType === 0 ? stores.get(r.storeId)?.retailerId : dcs.get(r.storeId)?.retailerId;
          if (!retailerId) return `storeId: no ${r.storeType === 0 ? 'store' : 'distribution centre'} '${r.storeId}'`;
          if (!byId.has(r.productId)) return `productId: no product '${r.productId}'`;
          if (tooLate(r.date, at)) return 'date: in the future';
          return { ...r, retailerId };
        },
        (lines) => writeShipments(db, lines, at),
      );
    },
  } satisfies BatchKind<z.infer<typeof ShipmentImport>>,
  sales: {
    schema: SalesImport,
    async writeMany({ db, now }, records) {
      const at = now();
      const { byId, byEan } = await catalogue(db, at);
      const stores = await getStores(db, [...new Set(records.map((r) => r.storeId))]);
      return writeResolved(
        records,
        (r) => {
          const store = stores.get(r.storeId);
          const product = r.productId ? byId.get(r.productId) : byEan.get(r.ean!);
          if (!store) return `storeId: no store '${r.storeId}'`;
          if (!product) return r.productId ? `productId: no product '${r.productId}'` : `ean: no product with EAN '${r.ean}'`;
          if (r.productId && r.ean && product.ean !== r.ean) return `ean: product '${r.productId}' has EAN '${product.ean}'`;
          if (tooLate(r.date, at)) return 'date: in the future';
          return {
            storeId: r.storeId,
            retailerId: store.retailerId,
            productId: product.productId,
            date: r.date,
            quantity: r.quantity,
            amountCents: r.amount,
            // The provider sales rollups (ADR 037) follow the product's content provider.
            providerId: product.contentProviderId,
          };
        },
        (cells) => writeSales(db, cells, at),
      );
    },
  } satisfies BatchKind<z.infer<typeof SalesImport>>,
};

import { addDays } from '@portal/core';
import type { z } from 'zod';
import { batchGet, getFrom } from '../db/batch.ts';
import type { Db } from '../db/client.ts';
import { ImportRejected, type LineOutcome } from '../import/rejection.ts';
import { CustomerGroupImport, importCustomerRole, ProviderImport, putCustomerGroup, RetailerImport } from './customer.ts';
import { DistributionCentreImport, distributionCentreKey, putDistributionCentres } from './distribution-centre.ts';
import { utcDate } from './fields.ts';
import { allProducts, type Product, ProductImport, putProducts } from './product.ts';
import { putRetailerProducts, RetailerProductImport } from './retailer-product.ts';
import { SerialRangeImport, writeSerialRanges } from '../couponing/serial-import.ts';
import { SalesImport, writeSales } from './sales.ts';
import { ShipmentImport, writeShipments } from './shipment.ts';
import { getStores, putStores, StoreImport } from './store.ts';

/**
 * The master-data import kinds (ADR 014), written in batches: `writeMany` gets every valid record of a
 * file in file order and answers one outcome per record. The file name names the kind (stores.csv,
 * sales.jsonl, ...). Load order for references: customerGroups, retailers, providers, products, stores,
 * distributionCentres, retailerProducts, serials, shipments, sales.
 */
export type BatchDeps = { db: Db; now: () => Date };
export type BatchKind<T> = { schema: z.ZodType<T>; writeMany: (deps: BatchDeps, records: T[]) => Promise<LineOutcome[]> };

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

/** Lines dated after tomorrow (UTC) are refused: sales and shipments report what happened. */
const tooLate = (date: string, now: Date) => date > addDays(utcDate(now), 1);

async function catalogue(db: Db) {
  const { items } = await allProducts(db);
  return { byId: new Map(items.map((p) => [p.productId, p])), byEan: new Map(items.map((p) => [p.ean, p] as [string, Product])) };
}

export const masterDataKinds = {
  customerGroups: {
    schema: CustomerGroupImport,
    writeMany: ({ db, now }, records) => oneByOne(records, (r) => putCustomerGroup(db, r, now())),
  } satisfies BatchKind<z.infer<typeof CustomerGroupImport>>,
  retailers: {
    schema: RetailerImport,
    writeMany: ({ db, now }, records) => oneByOne(records, (r) => importCustomerRole(db, 'retailer', r, now())),
  } satisfies BatchKind<z.infer<typeof RetailerImport>>,
  providers: {
    schema: ProviderImport,
    writeMany: ({ db, now }, records) => oneByOne(records, (r) => importCustomerRole(db, 'provider', r, now())),
  } satisfies BatchKind<z.infer<typeof ProviderImport>>,
  products: {
    schema: ProductImport,
    writeMany: ({ db, now }, records) => putProducts(db, records, now()),
  } satisfies BatchKind<z.infer<typeof ProductImport>>,
  stores: {
    schema: StoreImport,
    writeMany: ({ db, now }, records) => putStores(db, records, now()),
  } satisfies BatchKind<z.infer<typeof StoreImport>>,
  distributionCentres: {
    schema: DistributionCentreImport,
    writeMany: ({ db, now }, records) => putDistributionCentres(db, records, now()),
  } satisfies BatchKind<z.infer<typeof DistributionCentreImport>>,
  retailerProducts: {
    schema: RetailerProductImport,
    writeMany: ({ db, now }, records) => putRetailerProducts(db, records, now()),
  } satisfies BatchKind<z.infer<typeof RetailerProductImport>>,
  /** Serial ranges of issued cards (ADR 016); needs retailers and products. */
  serials: {
    schema: SerialRangeImport,
    writeMany: ({ db, now }, records) => writeSerialRanges(db, records, now()),
  } satisfies BatchKind<z.infer<typeof SerialRangeImport>>,
  shipments: {
    schema: ShipmentImport,
    async writeMany({ db, now }, records) {
      const at = now();
      const { byId } = await catalogue(db);
      const stores = await getStores(db, [...new Set(records.filter((r) => r.storeType === 0).map((r) => r.storeId))]);
      const dcs = await batchGet(db, [...new Set(records.filter((r) => r.storeType === 1).map((r) => r.storeId))].map(distributionCentreKey));
      const outcomes: LineOutcome[] = new Array(records.length);
      const lines = [];
      for (const [index, r] of records.entries()) {
        const retailerId = r.storeType === 0 ? stores.get(r.storeId)?.retailerId : (getFrom(dcs, distributionCentreKey(r.storeId))?.retailerId as string | undefined);
        if (!retailerId) outcomes[index] = { rejected: `storeId: no ${r.storeType === 0 ? 'store' : 'distribution centre'} '${r.storeId}'` };
        else if (!byId.has(r.productId)) outcomes[index] = { rejected: `productId: no product '${r.productId}'` };
        else if (tooLate(r.date, at)) outcomes[index] = { rejected: 'date: in the future' };
        else lines.push({ ...r, retailerId, index });
      }
      const written = await writeShipments(db, lines, at);
      for (const line of lines) outcomes[line.index] = written[line.index]!;
      return outcomes;
    },
  } satisfies BatchKind<z.infer<typeof ShipmentImport>>,
  sales: {
    schema: SalesImport,
    async writeMany({ db, now }, records) {
      const at = now();
      const { byId, byEan } = await catalogue(db);
      const stores = await getStores(db, [...new Set(records.map((r) => r.storeId))]);
      const outcomes: LineOutcome[] = new Array(records.length);
      const cells = [];
      for (const [index, r] of records.entries()) {
        const store = stores.get(r.storeId);
        const product = r.productId ? byId.get(r.productId) : byEan.get(r.ean!);
        if (!store) outcomes[index] = { rejected: `storeId: no store '${r.storeId}'` };
        else if (!product) outcomes[index] = { rejected: r.productId ? `productId: no product '${r.productId}'` : `ean: no product with EAN '${r.ean}'` };
        else if (r.productId && r.ean && product.ean !== r.ean) outcomes[index] = { rejected: `ean: product '${r.productId}' has EAN '${product.ean}'` };
        else if (tooLate(r.date, at)) outcomes[index] = { rejected: 'date: in the future' };
        else {
          cells.push({
            storeId: r.storeId,
            retailerId: store.retailerId,
            productId: product.productId,
            date: r.date,
            quantity: r.quantity,
            amountCents: r.amount,
            index,
          });
        }
      }
      const written = await writeSales(db, cells, at);
      for (const cell of cells) outcomes[cell.index] = written[cell.index]!;
      return outcomes;
    },
  } satisfies BatchKind<z.infer<typeof SalesImport>>,
};


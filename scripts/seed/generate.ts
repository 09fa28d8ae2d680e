/**
 * Realistic master data and activity of any size, deterministic for a seed (ADR 014).
 *
 *   npx tsx scripts/seed/generate.ts --scale small|large [--seed 1] [--out DIR] [--today YYYY-MM-DD] [--transactions N]
 *
 * writes one file per import kind into DIR (customerGroups.jsonl, retailers.jsonl, providers.jsonl,
 * products.csv, stores.csv, distributionCentres.csv, retailerProducts.csv, serials.csv, shipments.csv, sales.csv,
 * the connect reference lists copied from the demo (platforms, countries, regions, currencies, transactionTypes),
 * divisions.csv and transactions.csv (2,000,000 at the large scale, streamed to the file; transactions.ts).
 * `npm run seed` generates and imports them; the demo seed uses `generateActivity` for its own stores.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, CONTRACT_COUPON_STATUS_LABELS, COUPON_STATUS_LABELS, gtinCheckDigit, isoWeekday } from '@portal/core/shared';
import { csvLine } from '@portal/backend/import';
import { type Rng, rng } from './random.ts';
import { TRANSACTION_FIELDS, writeTransactions } from './transactions.ts';

export type Scale = 'small' | 'large';

export const SCALES: Record<
  Scale,
  {
    retailers: number;
    storesPerRetailer: number;
    products: number;
    providers: number;
    groups: number;
    dcsPerRetailer: number;
    days: number;
    serials: number;
    transactions: number;
  }
> = {
  small: {
    retailers: 5,
    storesPerRetailer: 20,
    products: 40,
    providers: 3,
    groups: 3,
    dcsPerRetailer: 2,
    days: 90,
    serials: 2_000,
    transactions: 20_000,
  },
  large: {
    retailers: 50,
    storesPerRetailer: 200,
    products: 300,
    providers: 10,
    groups: 8,
    dcsPerRetailer: 3,
    days: 90,
    serials: 200_000,
    transactions: 2_000_000,
  },
};

export type Record_ = Record<string, string | number | boolean | undefined>;
export type MasterData = {
  customerGroups: Record_[];
  retailers: Record_[];
  providers: Record_[];
  products: Record_[];
  stores: Record_[];
  distributionCentres: Record_[];
  retailerProducts: Record_[];
  divisions: Record_[];
};
export type Activity = { shipments: Record_[]; sales: Record_[] };
export type Couponing = { serials: Record_[] };

const BRANDS = [
  'Aurora Games',
  'Blue Harbor Books',
  'CinemaNova',
  'Dune Outdoor',
  'Echo Music',
  'FreshMarket',
  'Galaxy Play',
  'Horizon Travel',
  'Iris Beauty',
  'Jade Dining',
  'Kite Mobile',
  'Lumen Streaming',
  'Maple Home',
  'Nimbus Cloud',
  'Orbit Sports',
  'Pixel Arcade',
  'Quill Stationery',
  'Riverside Spa',
  'Summit Fashion',
  'Tandem Rides',
  'Urban Coffee',
  'Velvet Cinema',
  'Willow Garden',
  'Xenon Tech',
  'Yonder Hotels',
  'Zest Food',
];
const FACE_VALUES = [10, 15, 20, 25, 30, 50, 100];
const COUPON_TYPES = ['POSA', 'PIN', 'physical'];
/** A brand's category (the connect product field, ADR 037), by its position in BRANDS. */
const CATEGORIES = [
  'Gaming',
  'Books',
  'Entertainment',
  'Outdoor',
  'Music',
  'Groceries',
  'Gaming',
  'Travel',
  'Beauty',
  'Food & drink',
  'Mobile',
  'Entertainment',
  'Home',
  'Software',
  'Sports',
  'Gaming',
  'Office',
  'Wellness',
  'Fashion',
  'Mobility',
  'Food & drink',
  'Entertainment',
  'Home',
  'Electronics',
  'Travel',
  'Food & drink',
];
const CHAINS = [
  'Nordmarkt',
  'City Kiosk',
  'Fuel & Go',
  'Hansa Drogerie',
  'Bahnhof Press',
  'Alpen Markt',
  'Rhein Tank',
  'Elbe Foods',
  'Sonnen Apotheke',
  'Grenz Discount',
  'Park Shop',
  'Stadt Buch',
  'Main Getränke',
  'Ost Elektro',
  'Ring Tabak',
];
const CITIES: [string, string][] = [
  ['Berlin', '10'],
  ['Hamburg', '20'],
  ['München', '80'],
  ['Köln', '50'],
  ['Frankfurt am Main', '60'],
  ['Stuttgart', '70'],
  ['Düsseldorf', '40'],
  ['Leipzig', '04'],
  ['Dortmund', '44'],
  ['Essen', '45'],
  ['Bremen', '28'],
  ['Dresden', '01'],
  ['Hannover', '30'],
  ['Nürnberg', '90'],
  ['Duisburg', '47'],
  ['Bochum', '44'],
  ['Wuppertal', '42'],
  ['Bielefeld', '33'],
  ['Bonn', '53'],
  ['Münster', '48'],
  ['Mannheim', '68'],
  ['Karlsruhe', '76'],
  ['Augsburg', '86'],
  ['Wiesbaden', '65'],
];
const STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Marktplatz',
  'Schulstraße',
  'Gartenweg',
  'Lindenallee',
  'Kirchplatz',
  'Ringstraße',
  'Industriestraße',
  'Am Hafen',
  'Königsallee',
  'Parkstraße',
];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function ean13(body12: string): string {
  return `${body12}${gtinCheckDigit(body12)}`;
}

/** A generated product's connect fields: variable-value cards load 5 to 250 EUR, fixed ones sell at face value. */
function connectFields(brand: number, faceValue: number | undefined, providers: number): Record_ {
  return {
    ...(faceValue === undefined ? { minValue: 5, maxValue: 250 } : { esp: faceValue }),
    currency: 'EUR',
    productType: brand === 11 || brand === 13 ? 'digital' : faceValue === undefined ? 'POSA' : 'PIN',
    ...(brand < providers ? { contentProviderId: `P-${8001 + brand}` } : {}),
    category: CATEGORIES[brand]!,
  };
}

/**
 * Master data of a scale. Its ids (R-7001.., P-8001.., S-7000001.., A-70001.., G-GEN-..) are apart from
 * the demo's (R-1001.., S-100001.., A-10001..), so a generated set loads next to the demo data.
 */
export function generateMasterData(scale: Scale, seed: number): MasterData {
  const r = rng(seed);
  const size = SCALES[scale];
  const customerGroups = Array.from({ length: size.groups }, (_, g) => ({
    customerGroupId: `G-GEN-${pad(g + 1, 2)}`,
    name:
      ['Supermarkets', 'Fuel stations', 'Kiosks', 'Drugstores', 'Content providers', 'Travel retail', 'Electronics', 'Pharmacies'][g % 8] +
      (g >= 8 ? ` ${Math.floor(g / 8) + 1}` : ''),
  }));
  const retailers = Array.from({ length: size.retailers }, (_, k) => ({
    customerId: `R-${7001 + k}`,
    name: `${CHAINS[k % CHAINS.length]}${k >= CHAINS.length ? ` ${Math.floor(k / CHAINS.length) + 1}` : ''}`,
    groupId: customerGroups[k % Math.max(1, size.groups - 1)]!.customerGroupId,
  }));
  const providerGroup = customerGroups.at(-1)!.customerGroupId;
  const providers = Array.from({ length: size.providers }, (_, k) => ({
    customerId: `P-${8001 + k}`,
    name: `${BRANDS[k % BRANDS.length]} Cards`,
    customerGroupId: providerGroup,
  }));
  // One retailer also acts as a provider of its own cards: customers are the union without duplicates.
  providers.push({ customerId: retailers[0]!.customerId, name: `${retailers[0]!.name} Cards`, customerGroupId: providerGroup });

  const products = Array.from({ length: size.products }, (_, k) => {
    const brand = BRANDS[k % BRANDS.length]!;
    const variable = r.chance(0.1);
    const faceValue = variable ? undefined : r.pick(FACE_VALUES);
    const pu = r.pick([5, 10, 10, 25, 50]);
    const status = r.chance(0.9) ? 'active' : r.pick(['inactive', 'locked']);
    return {
      productId: `A-${70001 + k}`,
      inventoryProductId: `INV-${pad(800001 + k * 7, 6)}`,
      ean: ean13(`409${pad(1000000 + k * 37, 9)}`),
      sku: `${brand.slice(0, 3).toUpperCase()}-${faceValue ?? 'VAR'}-${pad(k + 1, 4)}`,
      name: `${brand} ${faceValue ? `${faceValue} EUR` : 'variable value'}${k >= BRANDS.length * FACE_VALUES.length ? ` #${k + 1}` : ''}`,
      company: brand,
      bundleSize: r.pick([1, 1, 1, 5, 10]),
      packagingUnit: pu,
      minimum: pu,
      maximum: pu * r.pick([20, 40, 100]),
      couponType: variable ? 'POSA' : r.pick(COUPON_TYPES),
      faceValue,
      status,
      // The connect fields (ADR 037), derived without random draws so the rest of the set stays as it was:
      // a brand's provider is the provider named after it ("<brand> Cards"), when the scale has one.
      ...connectFields(k % BRANDS.length, faceValue, size.providers),
    };
  });

  const stores: Record_[] = [];
  const distributionCentres: Record_[] = [];
  const retailerProducts: Record_[] = [];
  let storeNo = 7000001;
  for (const retailer of retailers) {
    for (let s = 0; s < size.storesPerRetailer; s += 1) {
      const [city, plz] = r.pick(CITIES);
      const roll = r.next();
      stores.push({
        storeId: `S-${storeNo++}`,
        retailerId: retailer.customerId,
        name: `${retailer.name} ${city}${s === 0 ? ' Flagship' : ` ${pad(s, 3)}`}`,
        street: `${r.pick(STREETS)} ${r.int(1, 180)}`,
        postalCode: `${plz}${pad(r.int(100, 999), 3)}`,
        city,
        customerStoreId: `${retailer.customerId.slice(2)}-${pad(s + 1, 4)}`,
        status: s === 0 ? 'active' : roll < 0.9 ? 'active' : roll < 0.94 ? 'locked' : roll < 0.97 ? 'lockedForAirs' : 'deleted',
      });
    }
    for (let d = 0; d < size.dcsPerRetailer; d += 1) {
      const [city, plz] = r.pick(CITIES);
      distributionCentres.push({
        distributionCentreId: `DC-${retailer.customerId.slice(2)}-${d + 1}`,
        retailerId: retailer.customerId,
        name: `${retailer.name} Logistics ${city}`,
        street: `${r.pick(['Logistikpark', 'Gewerbering', 'Lagerstraße'])} ${r.int(1, 60)}`,
        postalCode: `${plz}${pad(r.int(100, 999), 3)}`,
        city,
        customerStoreId: `${retailer.customerId.slice(2)}-DC${d + 1}`,
        status: 'active',
      });
    }
    const share = 0.6 + r.next() * 0.4;
    for (const product of products) {
      if (r.chance(share)) retailerProducts.push({ retailerId: retailer.customerId, productId: product.productId, airs: r.chance(0.3) });
    }
  }
  // One to three divisions per customer (retailers ∪ providers, once per id); no random draw, so adding
  // them left every other generated record as it was.
  const customerIds = [...new Set([...retailers, ...providers].map((c) => c.customerId))];
  const divisions = customerIds.flatMap((customerId, k) =>
    Array.from({ length: 1 + (k % 3) }, (_, d) => ({
      divisionId: `D-${customerId.slice(2)}-${d + 1}`,
      customerId,
      name: `${['North', 'South', 'West'][d]} division ${customerId}`,
      status: (k + d) % 7 === 6 ? 'locked' : (k + d) % 5 === 4 ? 'inactive' : 'active',
    })),
  );
  return { customerGroups, retailers, providers, products, stores, distributionCentres, retailerProducts, divisions };
}

/** Days a generated shipment is on its way (pending) before it counts as delivered: store, distribution centre. */
const TRANSIT_DAYS = { 0: 7, 1: 3 } as const;

/** A generated shipment's status on `today`: pending while in transit, then submitted. */
export const shipmentStatusOn = (storeType: 0 | 1, date: string, today: string) =>
  addDays(date, TRANSIT_DAYS[storeType]) > today ? 'pending' : 'submitted';

/**
 * Shipments and daily sales for the stores of `master` over the `days` days ending yesterday (sales) or
 * today (shipments). Each store carries an assortment of its retailer's products (the flagship, whose
 * name ends in "Flagship", or with `fullAssortment`, all of them); sales follow a Poisson rate per product
 * with a weekday pattern (Saturday busiest, Sunday quiet); AIRS-style replenishment ships each store
 * every 4-7 weeks and each distribution centre weekly. Deleted stores stop selling half way.
 */
export function generateActivity(
  master: MasterData,
  options: { seed: number; today: string; days: number; fullAssortment?: boolean; shipmentPrefix?: string },
): Activity {
  const r = rng(options.seed + 7919);
  const products = new Map(master.products.map((p) => [p.productId as string, p]));
  const allowed = new Map<string, string[]>();
  for (const rp of master.retailerProducts) {
    const list = allowed.get(rp.retailerId as string) ?? [];
    const product = products.get(rp.productId as string);
    if (product && product.status === 'active') list.push(rp.productId as string);
    allowed.set(rp.retailerId as string, list);
  }
  const first = addDays(options.today, -options.days);
  const weekday = [0, 1.0, 0.9, 0.95, 1.05, 1.3, 1.6, 0.35]; // index = ISO weekday
  const shipments: Record_[] = [];
  const sales: Record_[] = [];
  let shipmentNo = 1;
  const shipmentPrefix = options.shipmentPrefix ?? `SH-${options.seed}-`;
  for (const store of master.stores) {
    const catalogue = allowed.get(store.retailerId as string) ?? [];
    if (!catalogue.length) continue;
    const flagship = options.fullAssortment || String(store.name).endsWith('Flagship');
    const share = Math.min(1, r.int(6, 20) / catalogue.length);
    const assortment = flagship ? catalogue : catalogue.filter(() => r.chance(share));
    if (!assortment.length) continue;
    const rates = new Map(assortment.map((id) => [id, (flagship ? 0.25 : 0.12) * (0.3 + r.next() * 1.4)]));
    const lastDay = store.status === 'deleted' ? addDays(options.today, -Math.floor(options.days / 2)) : addDays(options.today, -1);
    for (const productId of assortment) {
      const product = products.get(productId)!;
      const rate = rates.get(productId)!;
      for (let date = first; date <= lastDay; date = addDays(date, 1)) {
        const quantity = r.poisson(rate * weekday[isoWeekday(date)]!);
        if (quantity === 0) continue;
        const faceValue = product.faceValue === undefined || product.faceValue === '' ? NaN : Number(product.faceValue);
        const unit = Number.isFinite(faceValue) ? faceValue : r.int(1, 20) * 5;
        sales.push({ storeId: store.storeId, productId, date, quantity, amount: (quantity * unit).toFixed(2) });
      }
    }
    // Replenishment: every 4-7 weeks a shipment with some of the assortment; the latest may be pending.
    for (let date = addDays(first, r.int(0, 20)); date <= options.today; date = addDays(date, r.int(28, 49))) {
      const shipmentId = `${shipmentPrefix}${pad(shipmentNo++, 7)}`;
      for (const productId of assortment) {
        if (!r.chance(flagship ? 0.25 : 0.4)) continue;
        const pu = Number(products.get(productId)!.packagingUnit);
        const status = r.chance(0.03) ? 'cancelled' : shipmentStatusOn(0, date, options.today);
        shipments.push({ shipmentId, storeType: 0, storeId: store.storeId, productId, date, quantity: pu * r.int(1, 4), status });
      }
    }
  }
  for (const dc of master.distributionCentres) {
    const catalogue = allowed.get(dc.retailerId as string) ?? [];
    for (let date = addDays(first, r.int(0, 6)); date <= options.today; date = addDays(date, 7)) {
      const shipmentId = `${shipmentPrefix}${pad(shipmentNo++, 7)}`;
      for (const productId of catalogue) {
        if (!r.chance(0.05)) continue;
        const pu = Number(products.get(productId)!.packagingUnit);
        shipments.push({
          shipmentId,
          storeType: 1,
          storeId: dc.distributionCentreId,
          productId,
          date,
          quantity: pu * r.int(10, 40),
          status: shipmentStatusOn(1, date, options.today),
        });
      }
    }
  }
  return { shipments, sales };
}

/** Cartons of cards as the processor issues them, by scale: most hold tens to thousands of serials. */
const CARTONS: Record<Scale, number[]> = {
  small: [1, 1, 5, 10, 25, 50, 100, 200],
  large: [1, 1, 10, 25, 50, 100, 250, 500, 1000, 1000, 2000, 3000],
};
/** Statuses at the processor when a range is loaded, with weights; '' leaves the import's default. */
const PLAIN_STATUSES: [string, number][] = [
  ['', 30],
  [COUPON_STATUS_LABELS.notReady, 5],
  [COUPON_STATUS_LABELS.activated, 33],
  [COUPON_STATUS_LABELS.voided, 5],
  [COUPON_STATUS_LABELS.redeemed, 17],
  [COUPON_STATUS_LABELS.deactivated, 6],
  [COUPON_STATUS_LABELS.failed, 4],
];
const CONTRACT_STATUSES: [string, number][] = [
  ['', 20],
  [CONTRACT_COUPON_STATUS_LABELS.ready, 20],
  [CONTRACT_COUPON_STATUS_LABELS.issued, 30],
  [CONTRACT_COUPON_STATUS_LABELS.redeemed, 20],
  [CONTRACT_COUPON_STATUS_LABELS.voided, 10],
];
const weighted = (r: Rng, list: [string, number][]) => {
  let roll = r.next() * list.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of list) if ((roll -= w) < 0) return value;
  return list.at(-1)![0];
};

/**
 * Serial ranges of issued cards (import kind `serials`, ADR 016), about SCALES[scale].serials cards over
 * the retailers. Serials have 16 digits, `8<retailer no, 3 digits><12 digits>`, apart from the demo's
 * 7000… Each retailer gets cartons of its active products (about one product in seven is a contract
 * coupon), with gaps between them (serials that are not found); a carton is loaded as 1-4 consecutive
 * lines of different statuses (the processor's export); a quarter of the cartons has a validUntil, some
 * of it past (expired); about 2 % of the cartons share their first serials with a card of another product
 * (serials on two cards). Deterministic for the seed; `today` moves validUntil, never the serials.
 */
export function generateSerials(master: MasterData, options: { scale: Scale; seed: number; today: string }): Couponing {
  const r = rng(options.seed + 104729);
  const products = new Map(master.products.map((p) => [p.productId as string, p]));
  const contractProducts = new Set(master.products.filter(() => r.chance(1 / 7)).map((p) => p.productId as string));
  const byRetailer = new Map<string, Record_[]>();
  for (const rp of master.retailerProducts) {
    const product = products.get(rp.productId as string);
    if (!product || product.status !== 'active') continue;
    const list = byRetailer.get(rp.retailerId as string) ?? [];
    list.push(product);
    byRetailer.set(rp.retailerId as string, list);
  }
  const weights = master.retailers.map(() => 0.5 + r.next());
  const total = weights.reduce((a, b) => a + b, 0);
  const serials: Record_[] = [];
  for (const [k, retailer] of master.retailers.entries()) {
    const catalogue = byRetailer.get(retailer.customerId as string) ?? [];
    if (!catalogue.length) continue;
    const plain = catalogue.filter((p) => !contractProducts.has(p.productId as string));
    const serialOf = (n: number) => `8${pad(k + 1, 3)}${pad(n, 12)}`;
    let budget = Math.round((SCALES[options.scale].serials * weights[k]!) / total);
    let next = 1 + r.int(0, 999) * 1000;
    while (budget > 0) {
      const size = Math.min(budget, r.pick(CARTONS[options.scale]));
      budget -= size;
      const product = r.pick(catalogue);
      const contract = contractProducts.has(product.productId as string);
      const ean = String(product.ean);
      const eanSecond = r.chance(0.9) ? ean13(`981${ean.slice(3, 12)}`) : undefined;
      const validUntil = r.chance(0.25) ? addDays(options.today, r.chance(0.8) ? r.int(60, 720) : -r.int(1, 200)) : undefined;
      const first = next;
      // The carton in 1-4 consecutive lines, each in one status.
      const parts = size < 4 ? 1 : r.int(1, 4);
      let from = first;
      for (let part = 0; part < parts; part += 1) {
        const remaining = first + size - from;
        const to = from - 1 + (part === parts - 1 ? remaining : Math.max(1, Math.floor(remaining * (0.2 + 0.6 * r.next()))));
        const status = weighted(r, contract ? CONTRACT_STATUSES : PLAIN_STATUSES);
        const soldOffline = status === COUPON_STATUS_LABELS.activated && r.chance(0.25);
        serials.push({
          serialFrom: serialOf(from),
          serialTo: to > from ? serialOf(to) : undefined,
          ean,
          eanSecond,
          contract,
          retailerId: retailer.customerId,
          status: status || undefined,
          validUntil,
          soldOffline: soldOffline || undefined,
        });
        from = to + 1;
        if (from > first + size - 1) break;
      }
      // Some serials are printed on a second card of another product (the check says "multiple results").
      const other = plain.filter((p) => p.ean !== ean);
      if (other.length && r.chance(0.02)) {
        const second = r.pick(other);
        const count = Math.min(size, r.int(1, 20));
        serials.push({
          serialFrom: serialOf(first),
          serialTo: count > 1 ? serialOf(first + count - 1) : undefined,
          ean: second.ean,
          eanSecond: ean13(`981${String(second.ean).slice(3, 12)}`),
          contract: false,
          retailerId: retailer.customerId,
          status: weighted(r, PLAIN_STATUSES) || undefined,
        });
      }
      next = first + size + (r.chance(0.5) ? r.int(1, 50) : 0);
    }
  }
  return { serials };
}

const FIELDS: Record<keyof MasterData | keyof Activity | keyof Couponing | 'transactions', readonly string[]> = {
  customerGroups: ['customerGroupId', 'name'],
  retailers: ['customerId', 'name', 'groupId'],
  providers: ['customerId', 'name', 'customerGroupId'],
  products: [
    'productId',
    'inventoryProductId',
    'ean',
    'sku',
    'name',
    'company',
    'bundleSize',
    'packagingUnit',
    'minimum',
    'maximum',
    'couponType',
    'faceValue',
    'status',
    'minValue',
    'maxValue',
    'esp',
    'currency',
    'productType',
    'contentProviderId',
    'category',
  ],
  stores: ['storeId', 'retailerId', 'name', 'street', 'postalCode', 'city', 'customerStoreId', 'status'],
  distributionCentres: ['distributionCentreId', 'retailerId', 'name', 'street', 'postalCode', 'city', 'customerStoreId', 'status'],
  retailerProducts: ['retailerId', 'productId', 'airs'],
  divisions: ['divisionId', 'customerId', 'name', 'status'],
  serials: ['serialFrom', 'serialTo', 'ean', 'eanSecond', 'contract', 'retailerId', 'status', 'validUntil', 'soldOffline'],
  shipments: ['shipmentId', 'storeType', 'storeId', 'productId', 'date', 'quantity', 'status'],
  sales: ['storeId', 'productId', 'date', 'quantity', 'amount'],
  transactions: TRANSACTION_FIELDS,
};

/**
 * The connect reference lists: the same in every data set, so the generator copies the demo's files (one
 * source); countries before regions. Divisions are generated per customer.
 */
export const REFERENCE_LISTS = ['platforms', 'countries', 'regions', 'currencies', 'transactionTypes'] as const;
const REFERENCE_FILES: Record<(typeof REFERENCE_LISTS)[number], string> = {
  platforms: 'platforms.jsonl',
  countries: 'countries.csv',
  regions: 'regions.csv',
  currencies: 'currencies.csv',
  transactionTypes: 'transactionTypes.jsonl',
};
const DEMO_DIR = join(dirname(fileURLToPath(import.meta.url)), 'demo');

/** The import order: every kind after the kinds it refers to. */
export const KIND_ORDER = [
  'brands',
  'termsOfUse',
  'accounts',
  'identityLinks',
  'customerGroups',
  'retailers',
  'providers',
  'products',
  'stores',
  'distributionCentres',
  'retailerProducts',
  'serials',
  'shipments',
  'sales',
  ...REFERENCE_LISTS,
  'divisions',
  'transactions',
  'sftpUsers',
  'reports',
  'workflows',
  'news',
];

/** Writes records as `<dir>/<kind>.csv` (or .jsonl for the customer lists); returns the path. */
export function writeKind(dir: string, kind: keyof typeof FIELDS, records: Record_[], format: 'csv' | 'jsonl' = 'csv'): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${kind}.${format}`);
  if (format === 'jsonl') {
    writeFileSync(file, records.map((record) => JSON.stringify(record)).join('\n') + '\n');
  } else {
    const fields = FIELDS[kind];
    const chunks = [csvLine(fields)];
    for (const record of records) chunks.push(csvLine(fields.map((f) => record[f])));
    writeFileSync(file, chunks.join('\r\n') + '\r\n');
  }
  return file;
}

/**
 * Generates a whole data set into `dir`; returns the files in import order and their record counts.
 * `transactions` overrides the scale's count (the 200k benchmark set: the large scale with 200,000).
 */
export function generateDataSet(options: { scale: Scale; seed: number; dir: string; today: string; transactions?: number }) {
  const master = generateMasterData(options.scale, options.seed);
  const activity = generateActivity(master, { seed: options.seed, today: options.today, days: SCALES[options.scale].days });
  const files: string[] = [];
  const counts: Record<string, number> = {};
  for (const kind of ['customerGroups', 'retailers', 'providers'] as const) {
    files.push(writeKind(options.dir, kind, master[kind], 'jsonl'));
    counts[kind] = master[kind].length;
  }
  for (const kind of ['products', 'stores', 'distributionCentres', 'retailerProducts'] as const) {
    files.push(writeKind(options.dir, kind, master[kind]));
    counts[kind] = master[kind].length;
  }
  for (const list of REFERENCE_LISTS) {
    const file = join(options.dir, REFERENCE_FILES[list]);
    copyFileSync(join(DEMO_DIR, REFERENCE_FILES[list]), file);
    files.push(file);
  }
  files.push(writeKind(options.dir, 'divisions', master.divisions));
  counts.divisions = master.divisions.length;
  const { serials } = generateSerials(master, options);
  files.push(writeKind(options.dir, 'serials', serials));
  counts.serials = serials.length;
  for (const kind of ['shipments', 'sales'] as const) {
    files.push(writeKind(options.dir, kind, activity[kind]));
    counts[kind] = activity[kind].length;
  }
  // Streamed to the file (millions of lines at the large scale): after every kind it refers to.
  const file = join(options.dir, 'transactions.csv');
  const total = options.transactions ?? SCALES[options.scale].transactions;
  const byCustomer = writeTransactions(file, master, serials, {
    seed: options.seed,
    today: options.today,
    days: SCALES[options.scale].days,
    total,
  });
  files.push(file);
  counts.transactions = total;
  return { files, counts, transactionsByCustomer: byCustomer };
}

/** The command-line options that pick a data set (this file's CLI and seed-cli.ts). */
export const DATA_SET_OPTIONS = {
  scale: { type: 'string', default: 'small' },
  seed: { type: 'string', default: '1' },
  out: { type: 'string' },
  today: { type: 'string' },
  transactions: { type: 'string' },
} as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({
    options: DATA_SET_OPTIONS,
  });
  const scale = values.scale as Scale;
  if (!(scale in SCALES)) throw new Error(`--scale: small or large, not '${values.scale}'`);
  const dir = values.out ?? join('.data', 'seed', `${scale}-${values.seed}`);
  const today = values.today ?? new Date().toISOString().slice(0, 10);
  const transactions = values.transactions === undefined ? undefined : Number(values.transactions);
  if (transactions !== undefined && !(Number.isInteger(transactions) && transactions >= 0))
    throw new Error('--transactions: a whole number');
  const { counts } = generateDataSet({ scale, seed: Number(values.seed), dir, today, transactions });
  console.log(`generated ${scale} (seed ${values.seed}) into ${dir}:`, counts);
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../../../scripts/seed/seed.ts';
import { createTestBackend } from '../../../../tests/support/test-backend.ts';
import { getCustomer, listCustomers } from '../customers/index.ts';
import { getCustomerGroup, listCustomerGroups } from './customer-group-entity.ts';
import { getCustomerRole, listCustomersByRole } from './customer.ts';
import { getDistributionCentre, listDistributionCentres } from './distribution-centre.ts';
import { findProductsByEan, getProduct, listProducts } from './product.ts';
import { allRetailerProducts, getRetailerProduct } from './retailer-product.ts';
import { getShipment, listShipmentsOfLocation, listShipmentsOfRetailer } from './shipment.ts';
import { getStore, listStoresOfRetailer } from './store.ts';

let backend: Backend;
const dir = mkdtempSync(join(tmpdir(), 'masterdata-'));
let fileNo = 0;

/** Writes `text` as `<kind>.<ext>` in a fresh folder and imports it through importFile. */
async function importText(kind: string, ext: 'csv' | 'json' | 'jsonl', text: string) {
  const sub = join(dir, String(fileNo++));
  const { mkdirSync } = await import('node:fs');
  mkdirSync(sub);
  const file = join(sub, `${kind}.${ext}`);
  writeFileSync(file, text);
  return importFile(backend, file);
}
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const jsonl = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');

const count = async () => (await backend.db.doc.send(new ScanCommand({ TableName: backend.db.table, Select: 'COUNT' }))).Count ?? 0;

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-21T10:00:00Z'));
});

const PRODUCTS_HEADER =
  'productId,inventoryProductId,ean,sku,name,company,bundleSize,packagingUnit,minimum,maximum,couponType,faceValue,status';

describe('customers: retailers, providers and groups', () => {
  it('imports groups, renames a retailer groupId to customerGroupId, and unites retailers and providers without duplicate ids', async () => {
    expect(
      await importText(
        'customerGroups',
        'jsonl',
        jsonl({ customerGroupId: 'G-1', name: 'Supermarkets' }, { customerGroupId: 'G-2', name: 'Content' }),
      ),
    ).toMatchObject({ created: 2, errors: [] });
    const retailers = await importText(
      'retailers',
      'csv',
      csv('customerId,name,groupId', 'R-1,Nordmarkt,G-1', 'R-2,"Fuel & Go",G-1', 'R-3,Kiosk,', 'R-4,Bad,G-9', ',No id,G-1'),
    );
    expect(retailers).toMatchObject({ created: 3, updated: 0 });
    expect(retailers.errors).toEqual([
      { line: 5, reason: "groupId: no customer group 'G-9'" },
      { line: 6, reason: expect.stringContaining('customerId') },
    ]);
    const providers = await importText(
      'providers',
      'json',
      JSON.stringify([
        { customerId: 'P-1', name: 'Aurora Digital', customerGroupId: 'G-2' },
        { customerId: 'R-2', name: 'Fuel & Go Cards', customerGroupId: 'G-2' },
        { customerId: 'P-2', name: 'No group' },
      ]),
    );
    expect(providers).toMatchObject({ created: 3, updated: 0, errors: [] });

    expect(await getCustomerRole(backend.db, 'R-1', 'retailer')).toMatchObject({ customerGroupId: 'G-1', name: 'Nordmarkt' });
    expect(await getCustomerRole(backend.db, 'R-1', 'retailer')).not.toHaveProperty('groupId');
    // R-2 is both: one customer, retailer first (its name and group), both roles.
    expect(await getCustomer(backend.db, 'R-2')).toMatchObject({
      customerId: 'R-2',
      name: 'Fuel & Go',
      kind: 'retailer',
      customerGroupId: 'G-1',
      roles: ['retailer', 'provider'],
    });
    const customers = (await listCustomers(backend.db, { limit: 100 })).items.map((c) => c.customerId);
    expect(customers.sort()).toEqual(['P-1', 'P-2', 'R-1', 'R-2', 'R-3']);
    expect((await listCustomersByRole(backend.db, 'retailer', { limit: 100 })).items.map((c) => c.customerId)).toEqual([
      'R-2',
      'R-3',
      'R-1',
    ]);
    expect((await listCustomersByRole(backend.db, 'provider', { limit: 100 })).items.map((c) => [c.customerId, c.customerGroupId])).toEqual(
      [
        ['P-1', 'G-2'],
        ['R-2', 'G-2'],
        ['P-2', undefined],
      ],
    );
    expect((await listCustomerGroups(backend.db, { limit: 10 })).items.map((g) => g.customerGroupId)).toEqual(['G-2', 'G-1']);

    // Re-importing updates and never duplicates; the union follows.
    const before = await count();
    expect(await importText('retailers', 'jsonl', jsonl({ customerId: 'R-2', name: 'Fuel and Go', customerGroupId: 'G-2' }))).toMatchObject(
      { created: 0, updated: 1 },
    );
    expect(await count()).toBe(before);
    expect(await getCustomer(backend.db, 'R-2')).toMatchObject({
      name: 'Fuel and Go',
      customerGroupId: 'G-2',
      roles: ['retailer', 'provider'],
    });
    expect(await getCustomerGroup(backend.db, 'G-1')).toEqual({ customerGroupId: 'G-1', name: 'Supermarkets' });
  });

  it('refuses a retailer whose groupId and customerGroupId differ', async () => {
    const report = await importText('retailers', 'jsonl', jsonl({ customerId: 'R-5', name: 'X', groupId: 'G-1', customerGroupId: 'G-2' }));
    expect(report.errors).toEqual([{ line: 1, reason: 'customerGroupId: groupId and customerGroupId differ' }]);
  });

  it('a customer created by the operator CLI gains a role from the import, and keeps its own', async () => {
    await backend.admin.createCustomer({ name: 'ops' }, { customerId: 'P-9', name: 'Ops Provider', kind: 'provider' });
    expect(await importText('retailers', 'jsonl', jsonl({ customerId: 'P-9', name: 'Ops Retail' }))).toMatchObject({ created: 1 });
    expect(await getCustomer(backend.db, 'P-9')).toMatchObject({ kind: 'retailer', name: 'Ops Retail', roles: ['retailer', 'provider'] });
    expect(await getCustomerRole(backend.db, 'P-9', 'provider')).toMatchObject({ name: 'Ops Provider' });
  });
});

describe('products, stores, distribution centres, retailer products', () => {
  it('validates every product field and reports each bad line by its physical line number', async () => {
    const report = await importText(
      'products',
      'csv',
      csv(
        PRODUCTS_HEADER,
        'A-1,INV-1,4012345100013,AUR-15,"Aurora Games 15 EUR",Aurora Games,1,10,10,400,PIN,15,active',
        'A-2,INV-2,4012345100020,AUR-25,"Aurora Games, 25 EUR",Aurora Games,1,10,10,400,PIN,24.95,inactive',
        'A-3,INV-3,4012345100014,X,Bad EAN,Brand,1,10,10,400,PIN,15,active',
        'A-4,INV-4,4012345100037,X,"Two',
        'lines",Brand,1,0,10,400,PIN,15,active',
        'A-5,INV-5,4012345100044,X,Max below min,Brand,1,10,50,40,PIN,15,active',
        'A-6,INV-6,4012345100051,X,Bad status,Brand,1,10,10,400,PIN,15,sold out',
        'A-7,INV-7,4012345100068,X,Cents,Brand,1,10,10,400,PIN,1.234,active',
        'A-8,INV-8,4012345100075,X,"Variable",Brand,,,,,,,',
        'A-9,INV-9',
      ),
    );
    expect(report).toMatchObject({ created: 3, updated: 0 });
    expect(report.errors).toEqual([
      { line: 4, reason: expect.stringContaining('ean: an EAN/GTIN') },
      { line: 5, reason: expect.stringContaining('packagingUnit') },
      { line: 7, reason: 'maximum: must not be below minimum' },
      { line: 8, reason: expect.stringContaining('status') },
      { line: 9, reason: expect.stringContaining('faceValue: at most two decimals') },
      { line: 11, reason: 'expected 13 fields as in the header, found 2' },
    ]);
    expect(await getProduct(backend.db, 'A-2')).toMatchObject({
      name: 'Aurora Games, 25 EUR',
      faceValue: 24.95,
      status: 'inactive',
      packagingUnit: 10,
      minimum: 10,
      maximum: 400,
    });
    expect(await getProduct(backend.db, 'A-8')).toMatchObject({ bundleSize: 1, packagingUnit: 1, status: 'active' });
    expect(await getProduct(backend.db, 'A-8')).not.toHaveProperty('faceValue');
    expect((await findProductsByEan(backend.db, '4012345100020')).items.map((p) => p.productId)).toEqual(['A-2']);
    expect((await listProducts(backend.db, { limit: 10 })).items.map((p) => p.productId)).toEqual(['A-1', 'A-2', 'A-8']);
  });

  it('stores: retailer must exist, statuses by code or label, no move between retailers; re-import updates', async () => {
    const header = 'storeId,retailerId,name,street,postalCode,city,customerStoreId,status';
    const first = await importText(
      'stores',
      'csv',
      csv(
        header,
        'S-1,R-1,Berlin Mitte,Friedrichstraße 1,10117,Berlin,NM-1,active',
        'S-2,R-1,Hamburg,Große Bergstraße 2,22767,Hamburg,,locked for AIRS',
        'S-3,R-1,Köln,Venloer Straße 3,50823,Köln,NM-3,Locked',
        'S-4,R-1,Bonn,Sternstraße 4,53111,Bonn,NM-4,deleted',
        'S-5,R-404,Nowhere,Weg 1,12345,Stadt,X,active',
        'S-6,R-1,Bad status,Weg 1,12345,Stadt,X,closed',
        'S-7,R-1,,Weg 1,12345,Stadt,X,active',
        'S-8,R-2,Fuel Hannover,Vahrenwalder Straße 300,30179,Hannover,FG-1,active',
      ),
    );
    expect(first).toMatchObject({ created: 5, updated: 0 });
    expect(first.errors).toEqual([
      { line: 6, reason: "retailerId: no retailer 'R-404'" },
      { line: 7, reason: expect.stringContaining('status') },
      { line: 8, reason: expect.stringContaining('name') },
    ]);
    expect(await getStore(backend.db, 'S-2')).toMatchObject({ status: 'lockedForAirs', address: 'Große Bergstraße 2, 22767 Hamburg' });
    expect(await getStore(backend.db, 'S-2')).not.toHaveProperty('customerStoreId');
    expect((await listStoresOfRetailer(backend.db, 'R-1', { limit: 100 })).items.map((s) => s.storeId)).toEqual([
      'S-1',
      'S-4',
      'S-2',
      'S-3',
    ]);
    expect((await listStoresOfRetailer(backend.db, 'R-1', { limit: 100, status: 'active' })).items.map((s) => s.storeId)).toEqual(['S-1']);

    const before = await count();
    const created = (await getStore(backend.db, 'S-1'))!.createdAt;
    const again = await importText(
      'stores',
      'csv',
      csv(header, 'S-1,R-1,Berlin Mitte,Friedrichstraße 9,10117,Berlin,NM-1,locked', 'S-8,R-1,Moved,Weg 1,12345,Stadt,X,active'),
    );
    expect(again).toMatchObject({
      created: 0,
      updated: 1,
      errors: [{ line: 3, reason: expect.stringContaining("belongs to retailer 'R-2'") }],
    });
    expect(await count()).toBe(before);
    expect(await getStore(backend.db, 'S-1')).toMatchObject({ street: 'Friedrichstraße 9', status: 'locked', createdAt: created });
    expect((await listStoresOfRetailer(backend.db, 'R-1', { limit: 100, status: 'active' })).items).toEqual([]);
    expect((await getStore(backend.db, 'S-8'))!.retailerId).toBe('R-2');
  });

  it('distribution centres and retailer products', async () => {
    const dcs = await importText(
      'distributionCentres',
      'jsonl',
      jsonl(
        {
          distributionCentreId: 'DC-1',
          retailerId: 'R-1',
          name: 'Logistik Nord',
          street: 'Logistikpark 4',
          postalCode: '21129',
          city: 'Hamburg',
        },
        { distributionCentreId: 'DC-2', retailerId: 'R-9', name: 'X', street: 'Y', postalCode: '1', city: 'Z' },
      ),
    );
    expect(dcs).toMatchObject({ created: 1, errors: [{ line: 2, reason: "retailerId: no retailer 'R-9'" }] });
    expect(await getDistributionCentre(backend.db, 'DC-1')).toMatchObject({ status: 'active', address: 'Logistikpark 4, 21129 Hamburg' });
    expect((await listDistributionCentres(backend.db, 'R-1', { limit: 10 })).items.map((d) => d.distributionCentreId)).toEqual(['DC-1']);

    const rp = await importText(
      'retailerProducts',
      'csv',
      csv('retailerId,productId,airs', 'R-1,A-1,true', 'R-1,A-2,', 'R-1,A-404,false', 'R-404,A-1,false', 'R-1,A-1,maybe'),
    );
    expect(rp).toMatchObject({ created: 2, updated: 0 });
    expect(rp.errors).toEqual([
      { line: 4, reason: "productId: no product 'A-404'" },
      { line: 5, reason: "retailerId: no retailer 'R-404'" },
      { line: 6, reason: expect.stringContaining('airs') },
    ]);
    expect(await getRetailerProduct(backend.db, 'R-1', 'A-1')).toMatchObject({ airs: true });
    expect((await allRetailerProducts(backend.db, 'R-1')).items.map((p) => [p.productId, p.airs])).toEqual([
      ['A-1', true],
      ['A-2', false],
    ]);
    // A repeated line in one file: the later one wins, counted as an update.
    expect(await importText('retailerProducts', 'csv', csv('retailerId,productId,airs', 'R-1,A-8,true', 'R-1,A-8,false'))).toMatchObject({
      created: 1,
      updated: 1,
    });
    expect(await getRetailerProduct(backend.db, 'R-1', 'A-8')).toMatchObject({ airs: false });
  });

  it('shipments and sales: references, dates and values are checked per line', async () => {
    const shipments = await importText(
      'shipments',
      'csv',
      csv(
        'shipmentId,storeType,storeId,productId,date,quantity,status',
        'SH-1,0,S-1,A-1,2026-11-02,20,submitted',
        'SH-1,0,S-1,A-2,2026-11-02,10,pending',
        'SH-2,1,DC-1,A-1,2026-11-03,100,submitted',
        'SH-3,0,S-404,A-1,2026-11-03,10,submitted',
        'SH-4,dc,DC-404,A-1,2026-11-03,10,submitted',
        'SH-5,0,S-1,A-404,2026-11-03,10,submitted',
        'SH-6,0,S-1,A-1,2026-13-03,10,submitted',
        'SH-7,0,S-1,A-1,2026-11-03,-1,submitted',
        'SH-8,0,S-1,A-1,2026-11-03,10,lost',
        'SH-1,0,S-2,A-8,2026-11-02,10,submitted',
        'SH-9,0,S-1,A-1,2026-12-24,10,submitted',
      ),
    );
    expect(shipments).toMatchObject({ created: 3, updated: 0 });
    expect(shipments.errors).toEqual([
      { line: 5, reason: "storeId: no store 'S-404'" },
      { line: 6, reason: "storeId: no distribution centre 'DC-404'" },
      { line: 7, reason: "productId: no product 'A-404'" },
      { line: 8, reason: 'date: no such date' },
      { line: 9, reason: expect.stringContaining('quantity') },
      { line: 10, reason: expect.stringContaining('status') },
      { line: 11, reason: "storeId: shipment 'SH-1' goes to store 'S-1'" },
      { line: 12, reason: 'date: in the future' },
    ]);
    expect((await getShipment(backend.db, 'SH-1'))!.map((l) => [l.productId, l.quantity, l.status])).toEqual([
      ['A-1', 20, 'submitted'],
      ['A-2', 10, 'pending'],
    ]);
    expect((await listShipmentsOfLocation(backend.db, { type: 'dc', id: 'DC-1' }, { limit: 10 })).items).toHaveLength(1);
    expect((await listShipmentsOfRetailer(backend.db, 'R-1', { limit: 10 })).items.map((l) => l.shipmentId)).toEqual([
      'SH-2',
      'SH-1',
      'SH-1',
    ]);

    const sales = await importText(
      'sales',
      'csv',
      csv(
        'storeId,productId,ean,date,quantity,amount',
        'S-1,A-1,,2026-11-10,3,45.00',
        'S-1,,4012345100020,2026-11-10,1,24.95',
        'S-1,A-1,4012345100020,2026-11-11,1,15',
        'S-404,A-1,,2026-11-10,1,15',
        'S-1,,4012345100099,2026-11-10,1,15',
        'S-1,A-1,,2026-11-10,1.5,15',
        'S-1,A-1,,2026-11-10,1,15.001',
        'S-1,,,2026-11-10,1,15',
        'S-1,A-1,,2026-11-31,1,15',
        'S-1,A-1,,2026-11-23,1,15',
      ),
    );
    expect(sales).toMatchObject({ created: 2, updated: 0 });
    expect(sales.errors).toEqual([
      { line: 4, reason: "ean: product 'A-1' has EAN '4012345100013'" },
      { line: 5, reason: "storeId: no store 'S-404'" },
      { line: 6, reason: "ean: no product with EAN '4012345100099'" },
      { line: 7, reason: expect.stringContaining('quantity: must be a whole number') },
      { line: 8, reason: 'amount: at most two decimals' },
      { line: 9, reason: 'productId: productId or ean is required' },
      { line: 10, reason: 'date: no such date' },
      { line: 11, reason: 'date: in the future' },
    ]);
  });
});

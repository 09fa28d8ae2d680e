import type { Backend } from '@portal/backend';
import { MasterData } from '@portal/core/masterdata';
import { beforeAll, describe, expect, it } from 'vitest';
import { countCalls } from '@portal/backend/platform/db';
import { readJson, signInAll } from '../../tests/support/api.ts';
import { connectAccount, createTestBackend } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * The connect master data (SPEC 3 lists; SPEC 7 master-data) against DynamoDB Local:
 * the reference-list import kinds (idempotent, line errors), the one-call answer's shape, customer
 * scoping (own, group, global) and a division of another customer answering exactly like none.
 */
let backend: Backend;
let now = new Date('2026-11-21T10:00:00Z');
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const cookies: Record<string, string> = {};

const headers = (cookie?: string, portal = 'connect') => ({
  'X-Portal': portal,
  'Content-Type': 'application/json',
  ...(cookie ? { Cookie: cookie } : {}),
});
const get = (path: string, user?: string) => app.request(`/api/master-data${path}`, { headers: headers(user && cookies[user]) });

const importKind = (kind: string, records: object[]) =>
  backend.imports.importRecords(
    kind as 'platforms',
    records.map((data, i) => ({ line: i + 1, data })),
  );
async function importClean(kind: string, records: object[]) {
  const report = await importKind(kind, records);
  expect(report.errors).toEqual([]);
  return report;
}

const TYPES = ['activation', 'redemption', 'void', 'deactivation', 'sale', 'refund', 'top-up', 'balance inquiry'];
const transactionTypes = TYPES.map((name) => ({ transactionTypeId: name.replace(' ', '-'), name }));
const divisions = [
  { divisionId: 'D-1', customerId: 'R-M1', name: 'North', status: 'active' },
  { divisionId: 'D-2', customerId: 'R-M2', name: 'South', status: 'locked' },
  { divisionId: 'D-3', customerId: 'P-M1', name: 'Digital' },
];

beforeAll(async () => {
  backend = await createTestBackend(() => now);
  app = createApp(backend, () => '203.0.113.9');
  const account = (username: string, customerId: string, securityFlag: number) =>
    connectAccount(username, customerId, PASSWORD, { securityFlag, timezone: 'Europe/Warsaw' });
  await importClean('accounts', [
    account('md.own', 'R-M1', 16),
    account('md.group', 'G-M', 16),
    account('md.global', '', 16 + 4096),
    account('md.none', 'R-NOPE', 16),
  ]);
  await importClean('customerGroups', [
    { customerGroupId: 'G-M', name: 'Markets' },
    { customerGroupId: 'G-X', name: 'Others' },
  ]);
  await importClean('retailers', [
    { customerId: 'R-M1', name: 'Alpha Markt', groupId: 'G-M' },
    { customerId: 'R-M2', name: 'Beta Markt', groupId: 'G-X' },
  ]);
  // R-M1 is a provider too: the customers list holds it once.
  await importClean('providers', [
    { customerId: 'P-M1', name: 'Cards Inc', customerGroupId: 'G-M' },
    { customerId: 'R-M1', name: 'Alpha Cards', customerGroupId: 'G-M' },
  ]);
  await importClean('platforms', [
    { platformId: 'POS', name: 'Point of sale' },
    { platformId: 'WEB', name: 'Web shop' },
  ]);
  await importClean('countries', [
    { countryId: 'DE', name: 'Germany' },
    { countryId: 'PL', name: 'Poland' },
  ]);
  await importClean('regions', [{ regionId: 'DE-BE', countryId: 'DE', name: 'Berlin' }]);
  await importClean('currencies', [
    { currencyId: 'EUR', name: 'Euro', decimals: 2 },
    { currencyId: 'PLN', name: 'Złoty', decimals: '2' },
  ]);
  await importClean('transactionTypes', transactionTypes);
  await importClean('divisions', divisions);
  Object.assign(cookies, await signInAll(app, ['md.own', 'md.group', 'md.global', 'md.none'], PASSWORD));
}, 120_000);

describe('the reference-list import kinds', () => {
  it('are idempotent: a second import updates the same items and the lists do not grow', async () => {
    const again = await importClean('transactionTypes', transactionTypes);
    expect(again).toMatchObject({ created: 0, updated: TYPES.length });
    const divisionsAgain = await importClean('divisions', divisions);
    expect(divisionsAgain).toMatchObject({ created: 0, updated: 3 });
    const body = MasterData.parse(await readJson(await get('', 'md.global')));
    expect(body.transactionTypes).toHaveLength(TYPES.length);
    expect(body.divisions).toHaveLength(3);
  });

  it('name each bad line and write the good ones', async () => {
    const report = await importKind('regions', [
      { regionId: 'PL-MZ', countryId: 'PL', name: 'Mazowieckie' },
      { regionId: 'XX-1', countryId: 'XX', name: 'Nowhere' },
      { regionId: 'bad#id', countryId: 'DE', name: 'Hash' },
    ]);
    expect(report.created).toBe(1);
    expect(report.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(report.errors[0]!.reason).toContain("countryId: no country 'XX'");
    const currencies = await importKind('currencies', [
      { currencyId: 'euro', name: 'Euro' },
      { currencyId: 'USD', name: 'Dollar', decimals: 9 },
    ]);
    expect(currencies.errors.map((e) => e.line)).toEqual([1, 2]);
    const divisionErrors = await importKind('divisions', [
      { divisionId: 'D-9', customerId: 'R-NONE', name: 'X' },
      { divisionId: 'D-8', customerId: 'R-M1', name: 'Y', status: 'sleeping' },
    ]);
    expect(divisionErrors.errors.map((e) => e.reason)).toEqual([
      expect.stringContaining("customerId: no customer 'R-NONE'"),
      expect.stringContaining('status'),
    ]);
  });
});

describe('GET /api/master-data', () => {
  it('answers every list in one call for a global account, retailers with customerGroupId, customers without duplicates', async () => {
    // Once the lists' changes have settled (ADR 065: 5 s on the backend's clock), a call reads them from the process's copies.
    await get('', 'md.global');
    now = new Date(now.getTime() + 6_000);
    await get('', 'md.global');
    const counter = countCalls(backend.db, 'countMasterDataCalls');
    const { result: res, calls } = await counter.counted(async () => get('', 'md.global')).finally(counter.stop);
    expect(res.status).toBe(200);
    const body = MasterData.parse(await readJson(res));
    expect(body.timezones).toContain('Europe/Warsaw');
    expect(body.retailers).toEqual([
      { customerId: 'R-M1', name: 'Alpha Markt', customerGroupId: 'G-M' },
      { customerId: 'R-M2', name: 'Beta Markt', customerGroupId: 'G-X' },
    ]);
    expect(body.retailers.some((r) => 'groupId' in r)).toBe(false);
    expect(body.customers.map((c) => [c.customerId, c.name])).toEqual([
      ['R-M1', 'Alpha Markt'],
      ['R-M2', 'Beta Markt'],
      ['P-M1', 'Cards Inc'],
    ]);
    expect(body.customerGroups.map((g) => g.customerGroupId)).toEqual(['G-M', 'G-X']);
    expect(body.transactionTypes.map((t) => t.name).sort()).toEqual([...TYPES].sort());
    expect(body.currencies).toContainEqual({ currencyId: 'PLN', name: 'Złoty', decimals: 2 });
    expect(body.regions).toContainEqual({ regionId: 'DE-BE', countryId: 'DE', name: 'Berlin' });
    expect(body.platforms.map((p) => p.platformId)).toEqual(['POS', 'WEB']);
    expect(body.divisions.map((d) => d.divisionId)).toEqual(['D-1', 'D-2', 'D-3']);
    // The session-and-account BatchGet, the 8 lists' version GetItems (ADR 072) and the customer groups' Query: fixed,
    // whatever the history or the lists' lengths.
    expect(calls).toBe(10);
  });

  it('scopes customers and divisions: own customer, its group, or none', async () => {
    const own = MasterData.parse(await readJson(await get('', 'md.own')));
    expect(own.customers.map((c) => c.customerId)).toEqual(['R-M1']);
    expect(own.providers.map((c) => c.customerId)).toEqual(['R-M1']);
    expect(own.divisions.map((d) => d.divisionId)).toEqual(['D-1']);
    expect(own.customerGroups.map((g) => g.customerGroupId)).toEqual(['G-M']);
    expect(own.transactionTypes).toHaveLength(TYPES.length);

    const group = MasterData.parse(await readJson(await get('', 'md.group')));
    expect(group.customers.map((c) => c.customerId)).toEqual(['R-M1', 'P-M1']);
    expect(group.divisions.map((d) => d.divisionId)).toEqual(['D-1', 'D-3']);

    const none = MasterData.parse(await readJson(await get('', 'md.none')));
    expect([none.customers, none.retailers, none.providers, none.divisions, none.customerGroups]).toEqual([[], [], [], [], []]);
  });

  it('answers 401 signed out and 403 on the ordering portal', async () => {
    expect((await get('')).status).toBe(401);
    const res = await app.request('/api/master-data', { headers: headers(cookies['md.global'], 'ordering') });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/master-data/divisions/:id', () => {
  it("answers the caller's division", async () => {
    const res = await get('/divisions/D-1', 'md.own');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ divisionId: 'D-1', customerId: 'R-M1', name: 'North', status: 'active' });
    expect((await get('/divisions/D-3', 'md.group')).status).toBe(200);
    expect((await get('/divisions/D-2', 'md.global')).status).toBe(200);
  });

  it("answers another customer's division exactly like a nonexistent one", async () => {
    const other = await get('/divisions/D-2', 'md.own');
    const missing = await get('/divisions/D-404', 'md.own');
    expect(other.status).toBe(404);
    expect([other.status, await other.text()]).toEqual([missing.status, await missing.text()]);
    expect((await get('/divisions/D-3', 'md.own')).status).toBe(404);
  });

  it('answers hostile ids with a 4xx {code, message}, never a 500', async () => {
    for (const id of ['%00', 'a%23b', '..%2F..', 'x'.repeat(300), '%F0%9F%92%A3', "'%20OR%201=1", '-lead']) {
      const res = await get(`/divisions/${id}`, 'md.global');
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
      const body = await readJson(res);
      expect(typeof body.code, id).toBe('string');
      expect(typeof body.message, id).toBe('string');
    }
  });
});

import type { Backend } from '@portal/backend';
import { claimImportFile, createImportFile, saveImportProgress } from '@portal/backend/import/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAll } from '../../tests/support/api.ts';
import { paymentAccount } from '../../tests/support/payment-accounts.ts';
import { createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * GET /api/imports and /api/imports/:fileId (ADR 069) through the app against DynamoDB Local: supplier staff
 * see every import (a day's list, any folder), a customer's user its own folder's with its line errors, and
 * another customer's import or folder answers exactly like one that does not exist; the permission (403).
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const cookies: Record<string, string> = {};
const AT = '2026-11-21T09:00:00.000Z';
const OWN_FILE = 'a'.repeat(32);
const OTHER_FILE = 'b'.repeat(32);
const NOBODY_FILE = 'c'.repeat(32);

const get = (path: string, user: string) =>
  app.request(`/api/imports${path}`, { headers: { 'X-Portal': 'connect', Cookie: cookies[user]! } });
const json = async (res: Response) => ({ status: res.status, body: JSON.parse((await res.text()).replace(/^[^{[]*/, '')) as unknown });

const file = (fileId: string, owner: string, key: string) => ({
  fileId,
  bucket: 'test-reports',
  key,
  eTag: fileId,
  bytes: 100,
  owner,
  kind: 'transactions',
  status: 'checking' as const,
  linesDone: 0,
  bytesDone: 0,
  created: 0,
  updated: 0,
  errorCount: 0,
  runs: 0,
  receivedAt: AT,
  updatedAt: AT,
});

beforeAll(async () => {
  backend = await createTestBackend(() => new Date('2026-11-21T10:00:00Z'));
  app = createApp(backend, () => '203.0.113.20');
  await importOk(backend, 'retailers', [
    { customerId: 'R-IA', name: 'Alpha Markets' },
    { customerId: 'R-IB', name: 'Beta Shops' },
  ]);
  await importOk(backend, 'accounts', [
    paymentAccount('imp.own', 'R-IA', 1, PASSWORD),
    paymentAccount('imp.other', 'R-IB', 1, PASSWORD),
    paymentAccount('imp.noperm', 'R-IA', 2, PASSWORD),
    { ...paymentAccount('imp.staff', '', 1, PASSWORD), securityFlag: 16 + 4096 },
  ]);
  await createImportFile(backend.db, file(OWN_FILE, 'R-IA', 'sftp/R-IA/imports/transactions.csv'));
  await createImportFile(backend.db, file(OTHER_FILE, 'R-IB', 'sftp/R-IB/imports/transactions.csv'));
  const now = new Date(AT);
  await claimImportFile(backend.db, OWN_FILE, 'lease-1', now, new Date(now.getTime() + 60_000));
  const progress = { status: 'rejected' as const, linesDone: 3, bytesDone: 100, created: 0, updated: 0, errorCount: 1, updatedAt: AT };
  await saveImportProgress(backend.db, OWN_FILE, 'lease-1', progress, {
    errors: [{ line: 2, reason: 'amount: Invalid input' }],
    release: true,
  });
  Object.assign(cookies, await signInAll(app, ['imp.own', 'imp.other', 'imp.noperm', 'imp.staff'], PASSWORD));
}, 120_000);

describe('GET /api/imports (ADR 069)', () => {
  it("lists the user's own folder by default, with progress and no storage details", async () => {
    const { status, body } = await json(await get('', 'imp.own'));
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [expect.objectContaining({ fileId: OWN_FILE, owner: 'R-IA', status: 'rejected', errorCount: 1, linesDone: 3 })],
      cursor: null,
    });
    expect(JSON.stringify(body)).not.toContain('test-reports');
  });

  it("answers another customer's folder exactly like a folder nobody has", async () => {
    const other = await json(await get('?owner=R-IB', 'imp.own'));
    const nobody = await json(await get('?owner=R-NOBODY', 'imp.own'));
    expect(other).toEqual(nobody);
    expect(other).toMatchObject({ status: 404, body: { code: 'IMPORT.NOT_FOUND' } });
  });

  it("lists the day's imports of every folder for the supplier's staff", async () => {
    const { status, body } = await json(await get('?day=2026-11-21', 'imp.staff'));
    expect(status).toBe(200);
    expect((body as { items: { fileId: string }[] }).items.map((f) => f.fileId).sort()).toEqual([OWN_FILE, OTHER_FILE]);
  });

  it('refuses a cursor of another list, and a user without payment.transactions', async () => {
    expect(await json(await get('?cursor=eyJ4IjoxfQ', 'imp.own'))).toMatchObject({ status: 400, body: { code: 'IMPORT.BAD_CURSOR' } });
    expect((await get('', 'imp.noperm')).status).toBe(403);
  });
});

describe('GET /api/imports/:fileId (ADR 069)', () => {
  it('answers the import with its kept line errors to its customer and to the staff', async () => {
    for (const user of ['imp.own', 'imp.staff'])
      expect(await json(await get(`/${OWN_FILE}`, user))).toMatchObject({
        status: 200,
        body: { fileId: OWN_FILE, status: 'rejected', errorCount: 1, errors: [{ line: 2, reason: 'amount: Invalid input' }] },
      });
  });

  it("answers another customer's import exactly like one that does not exist; a malformed id is 400", async () => {
    expect(await json(await get(`/${OWN_FILE}`, 'imp.other'))).toEqual(await json(await get(`/${NOBODY_FILE}`, 'imp.other')));
    expect((await get(`/${OWN_FILE}`, 'imp.other')).status).toBe(404);
    expect((await get('/not-an-id', 'imp.own')).status).toBe(400);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';
import { actorFor, createBackend, parseJsonLines } from '@portal/backend';
import { getIdentityLink } from '@portal/backend/auth';
import { getAccount } from '@portal/backend/accounts';
import { CONTRACT_COUPON_STATUSES, COUPON_STATUSES, SERIAL_STATUSES } from '@portal/core/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app.ts';
import { readJson, signInAll } from '../../tests/support/api.ts';
import { itemCount } from '../../tests/support/item-count.ts';
import { createS3TestBackend, type S3StandIn } from '../../tests/support/test-backend.ts';
import { DEMO_DIR, demoUsers, importFile, relinkDemoIdentities, seedDemoDataOnce } from './seed.ts';

let backend: Backend;
let s3: S3StandIn;
/** Every item of the test table (a Scan returns 1 MB a page: the demo's transactions need several). */
async function scanAll(input: { FilterExpression?: string; ExpressionAttributeValues?: Record<string, unknown> } = {}) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await backend.db.doc.send(new ScanCommand({ TableName: backend.db.table, ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
/** Items in the table (tests/support/item-count.ts: the demo's transactions make a Scan take seconds). */
const count = () => itemCount(backend);

beforeAll(async () => {
  // The demo requests' uploads go to the file store, as in local mode (s3rver).
  ({ s3, backend } = await createS3TestBackend(undefined, { FILES_BUCKET: 'seed-files' }));
});
afterAll(async () => {
  await s3?.stop();
});

describe('demo seed through the import path', () => {
  it('seeds once; a second run changes nothing', async () => {
    const first = await seedDemoDataOnce(backend);
    expect(first?.map((r) => [r.kind, r.created + r.updated, r.errors.length])).toEqual([
      ['brands', 2, 0],
      ['termsOfUse', 1, 0],
      ['accounts', demoUsers().length, 0],
      ['customerGroups', 3, 0],
      ['retailers', 3, 0],
      ['providers', 3, 0],
      ['products', 20, 0],
      ['stores', 13, 0],
      ['distributionCentres', 3, 0],
      ['retailerProducts', 34, 0],
      ['serials', 16, 0],
      ['platforms', 4, 0],
      ['countries', 4, 0],
      ['regions', 7, 0],
      ['currencies', 3, 0],
      ['transactionTypes', 9, 0],
      ['divisions', 6, 0],
      ['sftpUsers', 2, 0],
      ['reports', 3, 0],
      ['workflows', 5, 0],
      ['news', 4, 0],
      ['shipments', expect.any(Number), 0],
      ['sales', expect.any(Number), 0],
      ['transactions', expect.any(Number), 0],
    ]);
    // 90 days of sales for every demo store that sells, through the same import path, quickly.
    const sales = first!.find((r) => r.kind === 'sales')!;
    expect(sales.created).toBeGreaterThan(500);
    // 90 days of terminal transactions of the demo customers, a few thousand.
    const transactions = first!.find((r) => r.kind === 'transactions')!;
    expect(transactions.created).toBeGreaterThan(2_000);
    expect(transactions.created).toBeLessThan(20_000);
    const items = await count();
    expect(await seedDemoDataOnce(backend)).toBeNull();
    expect(await count()).toBe(items);
  }, 120_000);

  it('holds each demo connect customer’s folder: the contract (PDF) and the price list (XLSX), found and downloaded', async () => {
    await seedDemoDataOnce(backend);
    const app = createApp(backend, () => '203.0.113.91');
    const users = ['demo.connect', 'demo.merchant'];
    const password = (u: string) => demoUsers().find((d) => d.username === u)!.password;
    for (const user of users) {
      const cookies = await signInAll(app, [user], password(user));
      const get = async (path: string) => {
        const res = await app.request(`/api${path}`, { headers: { 'X-Portal': 'connect', Cookie: cookies[user]! } });
        expect(res.status, path).toBe(200);
        return readJson<{ folders: string[]; documents: { documentId: string; name: string; contentType: string }[]; url: string }>(res);
      };
      expect((await get('/documents')).folders).toEqual(['Contracts', 'Price lists']);
      const found = await get('/documents?q=price');
      expect(found.documents.map((d) => [d.name, d.contentType])).toEqual([
        ['Price list 2026.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ]);
      const contract = (await get('/documents?folder=Contracts')).documents[0]!;
      const file = await fetch((await get(`/documents/${contract.documentId}/download`)).url);
      expect([file.status, (await file.text()).startsWith('%PDF-')]).toEqual([200, true]);
    }
  }, 60_000);

  it('gives P-2001 its demo logo: every user of the customer has it as brandingUrl, served as a PNG (ADR 084)', async () => {
    await seedDemoDataOnce(backend);
    const app = createApp(backend, () => '203.0.113.92');
    const password = (u: string) => demoUsers().find((d) => d.username === u)!.password;
    const cookies = await signInAll(app, ['demo.payments'], password('demo.payments'));
    const status = await readJson<{ user: { brandingUrl: string } }>(
      await app.request('/api/auth/status', { headers: { 'X-Portal': 'connect', Cookie: cookies['demo.payments']! } }),
    );
    expect(status.user.brandingUrl).toMatch(/^\/api\/logos\/[a-f0-9]{32}-header\.png$/);
    const image = await app.request(status.user.brandingUrl);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
  }, 60_000);

  it('holds demo requests made through the services: one awaits demo.approver (inbox 1), one approved, one rejected with pins, a draft', async () => {
    await seedDemoDataOnce(backend);
    const app = createApp(backend, () => '203.0.113.90');
    const cookies = await signInAll(app, ['demo.approver'], demoUsers().find((u) => u.username === 'demo.approver')!.password);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const get = async (path: string): Promise<any> => {
      const res = await app.request(`/api${path}`, { headers: { 'X-Portal': 'connect', Cookie: cookies['demo.approver']! } });
      expect(res.status, path).toBe(200);
      return readJson(res);
    };
    const open = await get('/flow/workflow-requests');
    expect(open.items.map((r: Record<string, string>) => [r.workflowName, r.status, r.requestedBy])).toEqual([
      ['Company profile change', 'pending', 'demo.connect'],
    ]);
    expect(await get('/flow/workflow-requests/inbox-count')).toEqual({ pending: 1 });
    const all = await get('/flow/workflow-requests?only-pending=0');
    expect(all.items.map((r: Record<string, string>) => `${r.workflowName}:${r.status}`).sort()).toEqual([
      'Company profile change:pending',
      'New store onboarding:draft',
      'POS screen approval:rejected',
    ]);
    const history = await get('/flow/workflow-requests?mode=history');
    expect(history.items.map((r: Record<string, string>) => `${r.workflowName}:${r.status}`)).toEqual(['New store onboarding:approved']);

    // The rejected one: two verified PNG screens, a numbered pin and a note, the rejection's comment; its trail tells it.
    const rejected = await get(`/flow/workflow-requests/${all.items.find((r: Record<string, string>) => r.status === 'rejected').id}`);
    const screens = rejected.items.find((i: Record<string, string>) => i.itemId === 'screenflow');
    expect(screens.files.map((f: Record<string, unknown>) => [f.contentType, f.width, f.height])).toEqual([
      ['image/png', 270, 480],
      ['image/png', 270, 480],
    ]);
    expect(rejected.comments.map((c: Record<string, unknown>) => [c.pin, c.fileId, c.author])).toEqual([
      [1, screens.files[0].fileId, 'demo.approver'],
      [null, screens.files[1].fileId, 'demo.approver'],
    ]);
    expect(rejected.audit.map((a: Record<string, string>) => `${a.actor}:${a.action}`)).toEqual([
      'demo.connect:create',
      'demo.connect:upload',
      'demo.connect:upload',
      'demo.connect:answer',
      'demo.connect:submit',
      'demo.approver:comment',
      'demo.approver:comment',
      'demo.approver:reject',
    ]);
    expect(rejected.audit[0].actorName).toBe('Conrad Connect');
    // The approved one: both steps decided, the signed contract a verified two-page PDF.
    const approved = await get(`/flow/workflow-requests/${history.items[0].id}`);
    const contract = approved.items.find((i: Record<string, string>) => i.itemId === 'contract').files[0];
    expect(contract).toMatchObject({ name: 'store-contract-signed.pdf', contentType: 'application/pdf', pageCount: 2 });
    expect(approved.audit.filter((a: Record<string, string>) => a.action === 'approve').length).toBe(2);
    expect(approved.audit.find((a: Record<string, Record<string, unknown>>) => a.before?.answer === 'Nordmarkt')?.after).toMatchObject({
      answer: 'Nordmarkt Mitte',
    });
  }, 60_000);

  it('holds serials in every coupon, contract coupon and serial status (ADR 016)', async () => {
    await seedDemoDataOnce(backend);
    const account = (await getAccount(backend.db, 'demo.retailer'))!;
    const actor = actorFor(account, { method: 'password' });
    const items = await scanAll({ FilterExpression: 'begins_with(pk, :p)', ExpressionAttributeValues: { ':p': 'SERIAL#' } });
    const serials = [...new Set(items.map((i) => i.serial as string)), '7000999999999999'];
    const { results } = await backend.couponing.check(actor, { serials });
    const cards = results.flatMap((r) => r.cards);
    const coupon = new Set(cards.filter((c) => !c.contract).map((c) => c.couponingStatus));
    const contract = new Set(cards.filter((c) => c.contract).map((c) => c.couponingStatus));
    // Unknown is never stored: it is get-couponing-status's answer for a serial on several cards.
    expect([...coupon, 'unknown'].sort()).toEqual([...COUPON_STATUSES].sort());
    expect([...contract].sort()).toEqual([...CONTRACT_COUPON_STATUSES].sort());
    expect([...new Set(results.map((r) => r.serialStatus))].sort()).toEqual([...SERIAL_STATUSES].sort());
    const ambiguous = results.find((r) => r.serialStatus === 'multipleResults')!;
    expect(await backend.couponing.status(actor, ambiguous.serial)).toMatchObject({ couponingStatus: 'unknown' });
  });

  it("holds the demo serials' history as transactions, their dates and terminals as serials.csv says", async () => {
    await seedDemoDataOnce(backend);
    const { Items = [] } = await backend.db.doc.send(
      new QueryCommand({
        TableName: backend.db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'TXSERIAL#7000100000000020' },
      }),
    );
    expect(Items.map((i) => [i.txType, i.at, i.terminalId, i.storeId, i.amount]).sort()).toEqual([
      ['activation', '2026-10-02T09:14:00.000Z', 'POS-NM-0001', 'S-100001', 2000],
      ['redemption', '2026-10-20T16:45:00.000Z', 'POS-NM-0003', 'S-100003', 2000],
    ]);
  });

  it("links the demo's Microsoft identities again for a later start's issuer (a kept folder, another provider port)", async () => {
    const links = parseJsonLines(readFileSync(join(DEMO_DIR, 'identityLinks.jsonl'), 'utf8')).lines.map(
      ({ data }) => data as { username: string; subject: string },
    );
    expect(links.length).toBeGreaterThan(0);
    const issuer = 'http://localhost:49999';
    // The seed ran without single sign-on: no link names the later issuer yet.
    expect(await getIdentityLink(backend.db, issuer, links[0]!.subject)).toBeNull();
    await relinkDemoIdentities(backend);
    expect(await getIdentityLink(backend.db, issuer, links[0]!.subject)).toBeNull();
    const later = createBackend({ ...backend.config, SSO_ISSUER: issuer }, backend.now);
    await relinkDemoIdentities(later);
    const items = await count();
    await relinkDemoIdentities(later);
    expect(await count()).toBe(items);
    for (const link of links) expect(await getIdentityLink(backend.db, issuer, link.subject)).toMatchObject({ username: link.username });
  });

  it('re-importing updates instead of duplicating, and keeps the password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    const file = join(dir, 'accounts.jsonl');
    const line = {
      username: 'imp.user',
      password: 'Import-User-2026!',
      email: 'imp@example.com',
      jobTitle: 'A',
    };
    writeFileSync(file, `${JSON.stringify(line)}\n`);
    expect(await importFile(backend, file)).toMatchObject({ created: 1, updated: 0, errors: [] });
    const items = await count();
    writeFileSync(file, `${JSON.stringify({ ...line, jobTitle: 'B', password: 'Other-Password-2026!' })}\n`);
    expect(await importFile(backend, file)).toMatchObject({ created: 0, updated: 1, errors: [] });
    expect(await count()).toBe(items);
    expect(await backend.accounts.profile('imp.user')).toMatchObject({ jobTitle: 'B' });
    const signIn = await backend.auth.signIn({ username: 'imp.user', password: 'Import-User-2026!' }, { portal: 'ordering' });
    expect(signIn.result.response.success).toBe(true);
  });

  it('reports bad lines with their number and writes nothing of them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    const file = join(dir, 'accounts.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ username: 'good.one', password: 'Good-Password-2026!', email: 'good@example.com' }),
        '',
        '{not json',
        JSON.stringify({ username: 'bad.mail', password: 'Good-Password-2026!', email: 'nope' }),
        JSON.stringify({ username: 'bad.locale', password: 'Good-Password-2026!', email: 'l@example.com', locale: 'xx-XX' }),
      ].join('\n'),
    );
    const before = await count();
    const report = await importFile(backend, file);
    expect(report.created).toBe(1);
    expect(report.errors).toEqual([
      { line: 3, reason: 'not valid JSON' },
      { line: 4, reason: expect.stringContaining('email') },
      { line: 5, reason: expect.stringContaining('locale') },
    ]);
    expect(await count()).toBe(before + 1);
    await expect(backend.accounts.profile('bad.mail')).rejects.toThrow('Account not found');
  });
});

import { recordAudit } from '@portal/backend/audit';
import { ExportDownload } from '@portal/core/export';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, readJson, signInAll } from '../../tests/support/api.ts';
import { createExportTestApp, type ExportTestApp, finishedExport } from '../../tests/support/export-fixtures.ts';
import { connectAccount, importOk } from '../../tests/support/test-backend.ts';

/**
 * The audit log's export (ADR 116) through the export jobs' API against DynamoDB Local and s3rver: the
 * team administrator of either portal exports its own customer's log — the filter's entries only, newest
 * first, in the owner's zone and language (German headers and kind names, the code beside), never another
 * customer's; nothing written after Export was pressed; no permission 403; a bad filter 400.
 */
let suite: ExportTestApp;
const PASSWORD = 'Correct-Horse-42!';
const NOW = new Date('2026-11-21T10:00:00Z');
const cookies: Record<string, string> = {};
const freshKey = idempotencyKeys('audit-export-key');

const headers = (user: string, portal: string) => ({
  'X-Portal': portal,
  'Content-Type': 'application/json',
  Cookie: cookies[`${user}@${portal}`]!,
});
const start = (user: string, portal: string, body: unknown) =>
  suite.app.request('/api/exports', {
    method: 'POST',
    headers: { ...headers(user, portal), 'Idempotency-Key': freshKey() },
    body: JSON.stringify(body),
  });
const get = (path: string, user: string, portal: string) => suite.app.request(`/api/exports${path}`, { headers: headers(user, portal) });
const audit = (filter: object, format = 'csv') => ({ kind: 'audit', format, filter });

const person = (username: string, name: string) => ({ username, name });
const anna = person('ae.admin', 'Anna Admin');
const ben = person('ae.ben', 'Ben Berg');

beforeAll(async () => {
  suite = await createExportTestApp(() => NOW, 'audit-export-test');
  const { backend, app } = suite;
  const account = (username: string, customerId: string, extra: object) => connectAccount(username, customerId, PASSWORD, extra);
  await importOk(backend, 'accounts', [
    // The connect administrator, German: its files are German.
    account('ae.admin', 'C-AUD1', { portals: ['connect'], modules: { team: { permissions: 1, settings: 0 } }, locale: 'de-DE' }),
    // The ordering administrator of the same customer, English.
    account('ae.order', 'C-AUD1', { portals: ['ordering'], modules: { ordering: { permissions: 16, settings: 0 } } }),
    account('ae.ben', 'C-AUD1', { portals: ['connect'], modules: { payment: { permissions: 1, settings: 0 } } }),
    account('ae.other', 'C-AUD2', { portals: ['connect'], modules: { team: { permissions: 1, settings: 0 } } }),
    // A Polish administrator of the same customer: its file is Polish (ADR 122: every locale of the catalogue).
    account('ae.polski', 'C-AUD1', { portals: ['connect'], modules: { team: { permissions: 1, settings: 0 } }, locale: 'pl-PL' }),
  ]);
  const record = (customerId: string, at: string, input: object) =>
    recordAudit(
      backend.db,
      { customerId, brandId: 'default', actor: anna, ip: '198.51.100.7', ...input } as Parameters<typeof recordAudit>[1],
      () => new Date(at),
    );
  await record('C-AUD1', '2026-11-19T08:00:00.000Z', { kind: 'signin.succeeded', details: { method: 'passkey', portal: 'connect' } });
  await record('C-AUD1', '2026-11-19T09:00:00.000Z', {
    kind: 'account.permissions_changed',
    subject: ben,
    details: { portal: 'connect', from: '', to: 'payment.transactions' },
  });
  await record('C-AUD1', '2026-11-20T07:30:00.000Z', { kind: 'signin.failed', actor: ben, ip: '192.0.2.9' });
  // After the export is pressed (NOW): left out.
  await record('C-AUD1', '2026-11-21T11:00:00.000Z', { kind: 'passkey.added' });
  // Another customer's: never in C-AUD1's file.
  await record('C-AUD2', '2026-11-19T10:00:00.000Z', { kind: 'signin.succeeded', actor: person('ae.other', 'Otto Other') });
  for (const [user, portal] of [
    ['ae.admin', 'connect'],
    ['ae.order', 'ordering'],
    ['ae.ben', 'connect'],
    ['ae.other', 'connect'],
    ['ae.polski', 'connect'],
  ] as const)
    Object.assign(cookies, { [`${user}@${portal}`]: (await signInAll(app, [user], PASSWORD, portal))[user] });
}, 120_000);
afterAll(() => suite?.s3.stop());

async function exported(user: string, portal: string, body: unknown) {
  const job = await finishedExport(
    suite.backend,
    () => start(user, portal, body),
    (jobId) => get(`/${jobId}`, user, portal),
  );
  expect(job.status).toBe('done');
  const download = ExportDownload.parse(await readJson(await get(`/${job.jobId}/files/0`, user, portal)));
  return { job, download, file: await fetch(download.url) };
}
/** The first sheet of an XLSX export's file, read back with exceljs. */
async function sheetOf({ file }: { file: Response }) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await file.arrayBuffer());
  return book.worksheets[0]!;
}
const csvOf = async (file: Response) => parse((await file.text()).replace(/^\uFEFF/, '')) as string[][];
const kindColumn = (rows: string[][], header: string) => rows.slice(1).map((r) => r[rows[0]!.indexOf(header)]);

describe('the audit log export', () => {
  it("writes the connect administrator's customer's entries up to Export, newest first, in German", async () => {
    const { job, download, file } = await exported('ae.admin', 'connect', audit({ from: '2026-11-01', to: '2026-11-21' }));
    expect(download.name).toBe('audit-log_2026-11-01_2026-11-21.csv');
    const rows = await csvOf(file);
    expect(rows[0]).toEqual([
      'Datum',
      'Eintrag',
      'Person',
      'Benutzername',
      'Ereignis',
      'Ereignis (Code)',
      'Betrifft',
      'Adresse',
      'Einzelheiten',
    ]);
    // Only C-AUD1's (no Otto), not the passkey added after NOW; sign-ins of the test's own may come first.
    const own = rows.slice(1).filter((r) => r[0]! < '2026-11-21');
    expect(own.map((r) => r.slice(0, 1).concat(r.slice(2)))).toEqual([
      ['2026-11-20 08:30:00', 'Ben Berg', 'ae.ben', 'Fehlgeschlagene Anmeldung', 'signin.failed', '', '192.0.2.9', ''],
      [
        '2026-11-19 10:00:00',
        'Anna Admin',
        'ae.admin',
        'Berechtigungen geändert',
        'account.permissions_changed',
        'Ben Berg',
        '198.51.100.7',
        // The details in words, as the screen says them (ADR 122).
        'Portal: Connect-Portal; Vorher: Keine Berechtigungen; Nachher: Zahlungstransaktionen einsehen',
      ],
      [
        '2026-11-19 09:00:00',
        'Anna Admin',
        'ae.admin',
        'Anmeldung',
        'signin.succeeded',
        '',
        '198.51.100.7',
        'Verfahren: Passkey; Portal: Connect-Portal',
      ],
    ]);
    expect(kindColumn(rows, 'Ereignis (Code)')).not.toContain('passkey.added');
    expect(rows.flat().join(' ')).not.toContain('Otto');
    expect(job.rowsWritten).toBe(rows.length - 1);
  });

  it('the filter narrows the file (kind, person, days); XLSX reads back', async () => {
    const sheet = await sheetOf(
      await exported('ae.order', 'ordering', audit({ kind: 'signin.failed', from: '2026-11-20', to: '2026-11-20' }, 'xlsx')),
    );
    expect(sheet.name).toBe('Audit log');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Date',
      'Entry',
      'Person',
      'User name',
      'Event',
      'Event (code)',
      'Concerns',
      'Address',
      'Details',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(3, 7)).toEqual(['Ben Berg', 'ae.ben', 'Failed sign-in', 'signin.failed']);

    const byPerson = await csvOf(
      (await exported('ae.order', 'ordering', audit({ person: 'ae.ben', from: '2026-11-01', to: '2026-11-20' }))).file,
    );
    // The person as the actor or the subject (ADR 122): Ben's failed sign-in and the change of his permissions.
    expect(kindColumn(byPerson, 'Event (code)')).toEqual(['signin.failed', 'account.permissions_changed']);
  });

  it("writes a Polish administrator's file in Polish: headers, kinds, details, numbers (ADR 122)", async () => {
    const sheet = await sheetOf(await exported('ae.polski', 'connect', audit({ from: '2026-11-19', to: '2026-11-19' }, 'xlsx')));
    expect(sheet.name).toBe('Dziennik zdarzeń');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Data',
      'Wpis',
      'Osoba',
      'Nazwa użytkownika',
      'Zdarzenie',
      'Zdarzenie (kod)',
      'Dotyczy',
      'Adres',
      'Szczegóły',
    ]);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(5));
    expect(rows).toEqual([
      [
        'Zmiana uprawnień',
        'account.permissions_changed',
        'Ben Berg',
        '198.51.100.7',
        'Portal: Portal Connect; Przed: Brak uprawnień; Po: Podgląd transakcji płatniczych',
      ],
      ['Logowanie', 'signin.succeeded', undefined, '198.51.100.7', 'Metoda: Klucz dostępu; Portal: Portal Connect'],
    ]);
  });

  it('without the team administrator’s permission: 403, nothing started', async () => {
    const res = await start('ae.ben', 'connect', audit({}));
    expect(res.status).toBe(403);
    expect((await readJson(res)).code).toBe('PERMISSION.DENIED');
  });

  it('another customer’s administrator gets its own log only', async () => {
    const rows = await csvOf((await exported('ae.other', 'connect', audit({ from: '2026-11-19', to: '2026-11-19' }))).file);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['ae.other']);
  });

  it.each([
    ['an inverted range', { from: '2026-11-20', to: '2026-11-01' }],
    ['an unknown kind', { kind: 'drop.tables' }],
    ['a bad day', { from: '2026-13-01' }],
    ['a huge person', { person: 'x'.repeat(5000) }],
  ])('%s answers 400, never 500', async (_name, filter) => {
    const res = await start('ae.admin', 'connect', audit(filter));
    expect(res.status).toBe(400);
  });
});

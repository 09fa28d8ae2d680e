import type { SessionStatus } from '@portal/core/auth';
import { SECURITY_FLAGS } from '@portal/core/auth';
import type { ImportFileDetail, ImportFileView } from '@portal/core/transaction';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { closeDialog, resetSession } from '../../../lib/session.ts';
import { bodyCellTexts, fakeBackend, type FakeRoutes, renderRoute } from '../../../test/dom.tsx';
import { masterDataFixture, signedInWithModule } from '../../../test/fixtures.ts';

// The first render loads the lazy route, its catalogues and master data: on a busy machine over a second.

/** The Imports section (ADR 069's API) against a fake backend: list, paging, folders, detail, the nav entry. */
const customerUser = signedInWithModule('payment', { transactions: true });
const supplierStaff: SessionStatus = { ...customerUser, user: { ...customerUser.user!, securityFlag: SECURITY_FLAGS.global } };
const masterData = masterDataFixture({
  customers: [{ customerId: 'P-1', name: 'Provider One' }],
  customerGroups: [{ customerGroupId: 'G-1', name: 'Group One' }],
});

const file = (over: Partial<ImportFileView> = {}): ImportFileView => ({
  fileId: 'a'.repeat(32),
  key: 'sftp/P-1/imports/transactions.jsonl',
  bytes: 4000,
  owner: 'P-1',
  kind: 'transactions',
  status: 'done',
  linesDone: 1234,
  bytesDone: 4000,
  created: 1234,
  updated: 0,
  errorCount: 0,
  runs: 1,
  receivedAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:05.000Z',
  finishedAt: '2026-11-28T09:00:05.000Z',
  ...over,
});
const rejected = file({
  fileId: 'b'.repeat(32),
  key: 'sftp/P-1/imports/bad.jsonl',
  status: 'rejected',
  linesDone: 3,
  created: 0,
  errorCount: 2,
  finishedAt: '2026-11-28T08:00:01.000Z',
  receivedAt: '2026-11-28T08:00:00.000Z',
});
const importing = file({ fileId: 'c'.repeat(32), key: 'sftp/P-1/imports/big.csv', status: 'importing', bytesDone: 1000, created: 500 });

const backend = (status: SessionStatus, more: FakeRoutes) =>
  fakeBackend({ 'GET /api/auth/status': { body: status }, 'GET /api/master-data': { body: masterData }, ...more });

const list = async () => within(await screen.findByRole('list', { name: 'Imports, newest first' }));

describe('Imports section', () => {
  beforeEach(() => {
    resetSession('connect');
    closeDialog('sectionDenied');
  });

  it("lists the user's folder newest first: file, kind, status badge, progress and counts in the user's numbers", async () => {
    const api = backend(customerUser, {
      'GET /api/imports': { body: { items: [importing, file({ created: 12345 }), rejected], cursor: null } },
    });
    renderRoute(paths.connect.imports);
    const rows = (await list()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['big.csv', 'transactions.jsonl', 'bad.jsonl']);
    expect(within(rows[0]!).getByText('Importing')).toBeTruthy();
    expect(within(rows[0]!).getByText('25%')).toBeTruthy();
    expect(within(rows[1]!).getByText('Done')).toBeTruthy();
    expect(within(rows[1]!).getByText('12,345')).toBeTruthy();
    expect(within(rows[2]!).getByText('Rejected')).toBeTruthy();
    expect(within(rows[2]!).getByText('Errors').nextElementSibling?.textContent).toBe('2');
    expect(within(rows[2]!).getByRole('link').getAttribute('href')).toBe(paths.connect.importFile(rejected.fileId));
    // A customer's user asks for its own folder: no owner, no day (the API's default).
    const [call] = api.callsTo('GET', '/api/imports');
    expect([call!.query.get('owner'), call!.query.get('day'), call!.query.get('cursor')]).toEqual([null, null, null]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('pages by cursor: "Load more" adds the next page below and disappears at the end', async () => {
    const api = backend(customerUser, {
      'GET /api/imports': (call) =>
        call.query.get('cursor') === 'next-1'
          ? { body: { items: [rejected], cursor: null } }
          : { body: { items: [file()], cursor: 'next-1' } },
    });
    renderRoute(paths.connect.imports);
    await (await list()).findByText('transactions.jsonl');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await (await list()).findByText('bad.jsonl');
    expect((await list()).getAllByRole('listitem')).toHaveLength(2);
    expect(api.callsTo('GET', '/api/imports').some((c) => c.query.get('cursor') === 'next-1')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it("shows the supplier's staff a day of every folder with each row's folder, and one folder when chosen", async () => {
    const api = backend(supplierStaff, {
      'GET /api/imports': (call) =>
        call.query.get('owner') === 'G-1'
          ? { body: { items: [], cursor: null } }
          : {
              body: {
                items: [file(), file({ fileId: 'd'.repeat(32), key: 'imports/stores.csv', owner: '', kind: 'stores' })],
                cursor: null,
              },
            },
    });
    const view = renderRoute(paths.connect.imports);
    const rows = (await list()).getAllByRole('listitem');
    expect(within(rows[0]!).getByText(/Provider One/)).toBeTruthy();
    expect(within(rows[1]!).getByText(/Supplier uploads/)).toBeTruthy();
    expect(api.callsTo('GET', '/api/imports')[0]!.query.get('day')).toBe(new Date().toISOString().slice(0, 10));
    fireEvent.change(screen.getByLabelText(/Received on/), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(api.callsTo('GET', '/api/imports').at(-1)!.query.get('day')).toBe('2026-11-20'));
    expect(new URLSearchParams(view.location().search).get('day')).toBe('2026-11-20');
    fireEvent.change(screen.getByLabelText('Folder'), { target: { value: 'G-1' } });
    expect(await screen.findByText("No file has been delivered to this folder's imports/ yet.")).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('owner')).toBe('G-1');
    expect(api.callsTo('GET', '/api/imports').at(-1)!.query.get('day')).toBeNull();
  });

  it('shows an import: progress, counts, the problem, the line errors as line, field and message, and how to re-send', async () => {
    const detail: ImportFileDetail = {
      ...rejected,
      errorCount: 140,
      problem: 'The file has line errors: nothing of it was written.',
      errors: [
        { line: 2, reason: 'amount: Invalid input: expected number; currency: Too short' },
        { line: 7, reason: 'Unknown store S-9' },
      ],
    };
    const api = backend(customerUser, { [`GET /api/imports/${rejected.fileId}`]: { body: detail } });
    renderRoute(paths.connect.importFile(rejected.fileId));
    expect(await screen.findByRole('heading', { level: 1, name: 'bad.jsonl' })).toBeTruthy();
    expect(screen.getByText('Refused after 3 lines read.')).toBeTruthy();
    expect(screen.getByText('The file has line errors: nothing of it was written.')).toBeTruthy();
    expect(screen.getByText('The first 2 of 140 errors.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Line errors' });
    const cells = bodyCellTexts(table);
    expect(cells).toEqual([
      ['2', 'amount', 'Invalid input: expected number'],
      ['2', 'currency', 'Too short'],
      ['7', '—', 'Unknown store S-9'],
    ]);
    expect(screen.getByText(/A file with new content is a new import/)).toBeTruthy();
    expect(api.callsTo('GET', `/api/imports/${rejected.fileId}`)).toHaveLength(1);
  });

  it('says so when an import is not there or not in a folder the user sees', async () => {
    backend(customerUser, {
      [`GET /api/imports/${rejected.fileId}`]: { status: 404, body: { code: 'IMPORT.NOT_FOUND', message: 'Import not found.' } },
    });
    renderRoute(paths.connect.importFile(rejected.fileId));
    expect(await screen.findByText('This import does not exist or is not in a folder you can see.')).toBeTruthy();
  });

  it('offers Imports in the navigation only with payment.transactions (atm.transactions opens Transactions alone)', async () => {
    backend(signedInWithModule('atm', { transactions: true }), {});
    renderRoute(paths.connect.root);
    const nav = (await screen.findAllByRole('navigation', { name: 'connect navigation' }))[0]!;
    await within(nav).findByRole('link', { name: 'Transactions' });
    expect(within(nav).queryByRole('link', { name: 'Imports' })).toBeNull();
  });
});

import type { MasterData } from '@portal/core/masterdata';
import { LOGGED_OUT_STATUS, type SessionStatus } from '@portal/core/auth';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askedFirst } from '../lib/api-first-reads.ts';
import { predictListRead, sendFirstListRead } from '../features/transactions/api/keys.ts';
import { customerMemory } from '../lib/customer-memory.ts';
import { screenStart } from '../lib/predicted-reads.ts';
import { FIRST_READS, firstReads, sendFirstReads } from '../lib/first-reads.ts';
import { paths } from '../lib/paths.ts';
import { resetSession } from '../lib/session.ts';
import { fakeBackend, type FakeRoutes, renderRoute } from '../test/dom.tsx';
import { masterDataFixture, signedInWithModule } from '../test/fixtures.ts';

/**
 * A deep link's list read predicted from the first reads (ADR 147): for the same URL, status and master data the
 * predicted path is exactly the one the screen reads first, so the screen takes it over and sends no read of its
 * own (one list request in all); the prediction and the screen use the same query functions, and these tests keep
 * them from drifting apart. A prediction the screen does not ask for is one unused read, never a wrong screen.
 */
const customers = (...ids: string[]): MasterData =>
  masterDataFixture({ customers: ids.map((customerId) => ({ customerId, name: `Customer ${customerId}` })), retailers: [] });

const transactionsUser = signedInWithModule('payment', { transactions: true, serialLookup: true, transactionExport: true });

const emptyPage = (query: URLSearchParams) => ({
  items: [],
  index: Number(query.get('index')),
  maxResults: Number(query.get('maxResults')),
  totalCount: 0,
  asOf: '2026-11-25T00:40:00.000Z',
  complete: true,
});

/** The predicted reads sent (every first read but the status, brand and master data). */
const predicted = () =>
  [...firstReads.entries()].filter(([path]) => !Object.values<string>(FIRST_READS).includes(path)).map(([path, read]) => ({ path, read }));

/** Sends the first reads and the page's prediction as the built app does, then renders the page. */
async function openDeepLink(url: string, routes: FakeRoutes) {
  const backend = fakeBackend(routes);
  const { pathname, search } = new URL(url, 'http://portal.test');
  sendFirstReads('connect', pathname);
  // What the transactions route module does as it runs on its own URL in the built app.
  if (pathname === paths.connect.transactions) await sendFirstListRead('connect', search);
  const sent = predicted();
  renderRoute(url);
  return { backend, sent };
}

beforeEach(() => resetSession('connect'));
afterEach(() => {
  firstReads.clear();
  customerMemory.set([]);
});

describe('the transactions list read predicted from the first reads', () => {
  const routes = (status: SessionStatus, master: MasterData): FakeRoutes => ({
    'GET /api/auth/status': { body: status },
    'GET /api/master-data': { body: master },
    'GET /api/transactions': (call) => ({ body: emptyPage(call.query) }),
  });

  it.each([
    ['the default view of the only customer', paths.connect.transactions, customers('R-1')],
    [
      'the URL’s customer, preset and page size',
      `${paths.connect.transactions}?customerId=R-2&preset=month&size=25`,
      customers('R-1', 'R-2'),
    ],
    [
      'the URL’s own range and filters',
      `${paths.connect.transactions}?customerId=R-1&startDate=2026-11-01&endDate=2026-11-20&result=declined&page=2`,
      customers('R-1'),
    ],
  ])('is the screen’s first read for %s: taken over, one request in all', async (_, url, master) => {
    const { backend, sent } = await openDeepLink(url, routes(transactionsUser, master));
    expect(sent).toHaveLength(1);
    await waitFor(() => expect(sent[0]?.read.taken).toBe(true));
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.callsTo('GET', '/api/transactions')).toHaveLength(1);
  });

  it('starts with the remembered customer of several, as the screen does', async () => {
    customerMemory.set([{ key: `connect:${transactionsUser.user?.username ?? ''}`, customerId: 'R-2' }]);
    const { backend, sent } = await openDeepLink(paths.connect.transactions, routes(transactionsUser, customers('R-1', 'R-2')));
    expect(sent[0]?.path).toContain('customerId=R-2');
    await waitFor(() => expect(sent[0]?.read.taken).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.callsTo('GET', '/api/transactions')).toHaveLength(1);
  });

  it('predicts nothing when the screen would not read yet (several customers, none remembered)', async () => {
    const several = await openDeepLink(paths.connect.transactions, routes(transactionsUser, customers('R-1', 'R-2')));
    expect(several.sent).toEqual([]);
  });

  it('predicts nothing for a signed-out visitor', async () => {
    const signedOut = await openDeepLink(paths.connect.transactions, routes(LOGGED_OUT_STATUS, customers('R-1')));
    expect(signedOut.sent).toEqual([]);
    expect(signedOut.backend.callsTo('GET', '/api/transactions')).toHaveLength(0);
  });

  it('is not sent when the screen asked for that read first (a read twice)', async () => {
    fakeBackend(routes(transactionsUser, customers('R-1')));
    sendFirstReads('connect', paths.connect.transactions);
    const start = screenStart(transactionsUser, customers('R-1'));
    const path = start && predictListRead(new URLSearchParams(), start);
    expect(path).toMatch(/^\/api\/transactions\?customerId=R-1&/);
    askedFirst.add(path ?? '');
    await sendFirstListRead('connect', '');
    expect(predicted()).toEqual([]);
    askedFirst.clear();
  });

  it('sends a URL’s bad query nowhere: no prediction where the screen asks for nothing', async () => {
    const { sent } = await openDeepLink(
      `${paths.connect.transactions}?customerId=R-1&startDate=2026-13-45`,
      routes(transactionsUser, customers('R-1')),
    );
    expect(sent).toEqual([]);
  });
});

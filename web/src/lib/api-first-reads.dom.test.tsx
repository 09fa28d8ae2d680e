import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The entry's first reads (ADR 117): started once, handed over once to the same request of the same portal,
 * peeked raw only to decide whether the login page needs the data layer now and to show the brand's name.
 */
const answers: Record<string, { status: number; body: string }> = {};
const fetched: { path: string; portal: string | null }[] = [];

beforeEach(() => {
  vi.resetModules();
  fetched.length = 0;
  answers['/api/auth/status'] = { status: 200, body: `)]}',\n${JSON.stringify({ loggedIn: false })}` };
  answers['/api/brand'] = { status: 200, body: JSON.stringify({ name: 'CardPortal', texts: { en: { footerLinks: [] } } }) };
  answers['/api/master-data'] = { status: 401, body: '{}' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      fetched.push({ path, portal: new Headers(init.headers).get('X-Portal') });
      const answer = answers[path] ?? { status: 404, body: '' };
      return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const load = () => import('./api-first-reads.ts');

describe('first reads', () => {
  it('reads the status and the brand, and a connect section the master data it opens on', async () => {
    const reads = await load();
    reads.startFirstReads('connect', '/connect/transactions');
    expect(fetched).toEqual([
      { path: '/api/auth/status', portal: 'connect' },
      { path: '/api/brand', portal: 'connect' },
      { path: '/api/master-data', portal: 'connect' },
    ]);
  });

  it('sends them once: the page’s first-reads script and then the entry (ADR 135)', async () => {
    const early = await import('./first-reads.ts');
    early.sendFirstReads('connect', '/connect/transactions');
    const reads = await load();
    reads.startFirstReads('connect', '/connect/transactions');
    expect(fetched.map((f) => f.path)).toEqual(['/api/auth/status', '/api/brand', '/api/master-data']);
    // The entry still follows the answers the script's reads bring.
    expect(await reads.firstStatus()).toBe('signedOut');
    expect(await reads.takeFirstRead('GET', '/api/brand', 'connect')).toBeDefined();
  });

  it('reads the master data for the requests list, not for a request’s page (ADR 139)', async () => {
    const list = await import('./first-reads.ts');
    list.sendFirstReads('connect', '/connect/requests');
    expect(fetched.map((f) => f.path)).toEqual(['/api/auth/status', '/api/brand', '/api/master-data']);
    vi.resetModules();
    fetched.length = 0;
    const page = await import('./first-reads.ts');
    page.sendFirstReads('connect', '/connect/requests/R-1');
    expect(fetched.map((f) => f.path)).toEqual(['/api/auth/status', '/api/brand']);
  });

  it('reads no master data for the login page', async () => {
    const reads = await load();
    reads.startFirstReads('ordering', '/');
    expect(fetched.map((f) => f.path)).toEqual(['/api/auth/status', '/api/brand']);
  });

  it('hands an answer over once, only to a GET of the same path and portal', async () => {
    const reads = await load();
    reads.startFirstReads('ordering', '/');
    expect(reads.takeFirstRead('POST', '/api/brand', 'ordering')).toBeUndefined();
    expect(reads.takeFirstRead('GET', '/api/brand?x=1', 'ordering')).toBeUndefined();
    const brand = reads.takeFirstRead('GET', '/api/brand', 'ordering');
    expect(brand).toBeDefined();
    expect((await brand)?.status).toBe(200);
    expect(reads.takeFirstRead('GET', '/api/brand', 'ordering')).toBeUndefined();
    // Another portal's request does not take the ordering portal's status: it is read again.
    expect(reads.takeFirstRead('GET', '/api/auth/status', 'connect')).toBeUndefined();
  });

  it('the original answer is still readable after the peek', async () => {
    const reads = await load();
    reads.startFirstReads('ordering', '/');
    await reads.firstStatus();
    const status = await reads.takeFirstRead('GET', '/api/auth/status', 'ordering');
    expect(await status?.text()).toContain('"loggedIn":false');
  });

  it.each([
    [200, { loggedIn: false }, 'signedOut'],
    [401, { code: 'AUTH.REQUIRED', message: '' }, 'signedOut'],
    [200, { loggedIn: true, user: {} }, 'other'],
    [500, { code: 'X', message: '' }, 'other'],
  ])('a status answer %i %j says %s', async (status, body, said) => {
    answers['/api/auth/status'] = { status, body: JSON.stringify(body) };
    const reads = await load();
    reads.startFirstReads('ordering', '/');
    expect(await reads.firstStatus()).toBe(said);
  });

  it('says nothing when no read was started (tests, dev)', async () => {
    const reads = await load();
    expect(reads.firstStatus()).toBeUndefined();
  });
});

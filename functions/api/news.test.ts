import type { Backend } from '@portal/backend';
import { countCalls } from '@portal/backend/platform/db';
import { NEWS } from '@portal/core/news';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectCaller, signInAll } from '../../tests/support/api.ts';
import { connectAccount, createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * News (ADR 081) through the app against DynamoDB Local: the audience (all, customers, customer groups, a
 * module permission), the reader's language else English, future and expired items by the injected clock,
 * read marks and the unread count, another audience's item answering like a missing one, the editor's
 * create (idempotent), update (409 on a stale version) and withdrawal, bad and oversize input as 400 with
 * field issues, and a list whose DynamoDB calls do not grow with the history.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
const START = new Date('2026-11-21T10:00:00Z');
let clock = START;
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();
const cookies: Record<string, string> = {};
const call = connectCaller(
  () => app,
  () => cookies,
);
const text = (title: string, body = `${title} body`) => ({ title, body });
const record = (newsId: string, extra: object = {}) => ({
  newsId,
  important: false,
  publishFrom: at(-60),
  audience: { kind: 'all' },
  texts: { en: text(`${newsId} en`) },
  ...extra,
});
const ids = (body: { items?: { newsId: string }[] }) => (body.items ?? []).map((i) => i.newsId);

beforeAll(async () => {
  backend = await createTestBackend(() => clock, { SESSION_IDLE_MINUTES: '1440' });
  app = createApp(backend, () => '203.0.113.31');
  await importOk(backend, 'customerGroups', [{ customerGroupId: 'G-N', name: 'News group' }]);
  await importOk(backend, 'retailers', [
    { customerId: 'R-NA', name: 'Alpha' },
    { customerId: 'R-NB', name: 'Beta', groupId: 'G-N' },
    { customerId: 'R-NC', name: 'Gamma' },
  ]);
  await importOk(backend, 'accounts', [
    connectAccount('n.de', 'R-NA', PASSWORD, { locale: 'de-DE' }),
    connectAccount('n.en', 'R-NA', PASSWORD),
    connectAccount('n.group', 'R-NB', PASSWORD, { locale: 'pl-PL' }),
    connectAccount('n.other', 'R-NC', PASSWORD, { modules: { reportManagement: { permissions: 1, settings: 0 } } }),
    connectAccount('n.editor', 'R-NC', PASSWORD, { modules: { content: { permissions: 1, settings: 0 } } }),
  ]);
  await importOk(backend, 'news', [
    record('news-all', { important: true, publishFrom: at(-30), texts: { en: text('All en'), de: text('Alle de', '**Hallo**') } }),
    record('news-alpha', { publishFrom: at(-40), audience: { kind: 'customers', ids: ['R-NA'] } }),
    record('news-group', {
      publishFrom: at(-50),
      audience: { kind: 'customerGroups', ids: ['G-N'] },
      texts: { en: text('G en'), pl: text('G pl') },
    }),
    record('news-reports', { publishFrom: at(-55), audience: { kind: 'permission', permission: 'reportManagement.reports' } }),
    record('news-future', { publishFrom: at(10) }),
    record('news-expiring', { publishFrom: at(-70), expireAt: at(20) }),
    record('news-expired', { publishFrom: at(-120), expireAt: at(-1) }),
  ]);
  Object.assign(cookies, await signInAll(app, ['n.de', 'n.en', 'n.group', 'n.other', 'n.editor'], PASSWORD));
}, 120_000);

describe('reading', () => {
  it('lists what each reader is meant to read, newest first, in their language else English; important marked', async () => {
    const de = await call('n.de', 'GET', '/news');
    expect(de.status).toBe(200);
    expect(ids(de.body)).toEqual(['news-all', 'news-alpha', 'news-expiring']);
    expect(de.body.items[0]).toMatchObject({ title: 'Alle de', language: 'de', important: true, read: false });
    expect(de.body.items[1]).toMatchObject({ title: 'news-alpha en', language: 'en', important: false });
    expect(ids((await call('n.group', 'GET', '/news')).body)).toEqual(['news-all', 'news-group', 'news-expiring']);
    expect((await call('n.group', 'GET', '/news')).body.items[1]).toMatchObject({ title: 'G pl', language: 'pl' });
    expect(ids((await call('n.other', 'GET', '/news')).body)).toEqual(['news-all', 'news-reports', 'news-expiring']);
  });

  it('opening an item gives its body in the reader language and marks it read; the unread count follows', async () => {
    expect((await call('n.de', 'GET', '/news/unread')).body).toEqual({ unread: 3 });
    const opened = await call('n.de', 'GET', '/news/news-all');
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ newsId: 'news-all', title: 'Alle de', body: '**Hallo**', language: 'de', important: true });
    expect((await call('n.de', 'GET', '/news/news-all')).status).toBe(200);
    expect((await call('n.de', 'GET', '/news/unread')).body).toEqual({ unread: 2 });
    const list = await call('n.de', 'GET', '/news');
    expect(list.body.items.map((i: { read: boolean }) => i.read)).toEqual([true, false, false]);
    expect((await call('n.en', 'GET', '/news/unread')).body).toEqual({ unread: 3 });
  });

  it("another audience's item, a future, an expired and a missing one all answer the same 404", async () => {
    const missing = await call('n.de', 'GET', '/news/news-nobody');
    expect(missing).toEqual({ status: 404, body: { code: NEWS.NOT_FOUND, message: expect.any(String) } });
    for (const newsId of ['news-group', 'news-reports', 'news-future', 'news-expired'])
      expect({ newsId, ...(await call('n.de', 'GET', `/news/${newsId}`)) }).toEqual({ newsId, ...missing });
    expect((await call('n.de', 'GET', '/news/..%2Fnews-all')).status).toBe(400);
  });

  it('a future item appears at its publish time and an item leaves the list when it expires (the clock moved)', async () => {
    clock = new Date(at(25));
    try {
      expect(ids((await call('n.en', 'GET', '/news')).body)).toEqual(['news-future', 'news-all', 'news-alpha']);
      expect((await call('n.en', 'GET', '/news/news-expiring')).status).toBe(404);
    } finally {
      clock = START;
    }
  });
});

describe('editing', () => {
  const input = (title: string, extra: object = {}) => ({
    texts: { en: text(title), de: text(`${title} de`) },
    publishFrom: at(-5),
    audience: { kind: 'all' },
    important: false,
    ...extra,
  });

  it('an editor creates an item once per Idempotency-Key; readers see it; a reader may not create', async () => {
    const key = { 'Idempotency-Key': 'news-test-create-0001' };
    const created = await call('n.editor', 'POST', '/news', input('Created'), key);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ version: 1, updatedBy: 'n.editor', newsId: expect.stringMatching(/^news-/) });
    const again = await call('n.editor', 'POST', '/news', input('Created'), key);
    expect(again.body.newsId).toBe(created.body.newsId);
    expect((await call('n.editor', 'POST', '/news', input('Other'), key)).status).toBe(409);
    expect(ids((await call('n.en', 'GET', '/news')).body)[0]).toBe(created.body.newsId);
    expect((await call('n.en', 'POST', '/news', input('Nope'), { 'Idempotency-Key': 'news-test-create-0002' })).status).toBe(403);
    expect((await call('n.en', 'GET', '/news/manage')).status).toBe(403);
    const manage = await call('n.editor', 'GET', '/news/manage');
    expect(ids(manage.body)).toContain('news-future');
    expect(ids(manage.body)).not.toContain('news-expired');
  });

  it('bad and oversize input answers 400 with field issues and writes nothing', async () => {
    const before = ids((await call('n.editor', 'GET', '/news/manage')).body);
    const cases: [object, string][] = [
      [input('x', { audience: { kind: 'customers', ids: [] } }), 'audience.ids'],
      [input('x', { audience: { kind: 'permission', permission: 'nope.nothing' } }), 'audience.permission'],
      [input('x'.repeat(201)), 'texts.en.title'],
      [input('x', { texts: { en: text('x', 'y'.repeat(20_001)) } }), 'texts.en.body'],
      [input('x', { expireAt: at(-10) }), 'expireAt'],
      [input('x', { documentId: '../../etc/passwd' }), 'documentId'],
      [input('x', { audience: { kind: 'customers', ids: Array.from({ length: 10_000 }, (_, i) => `R-${i}`) } }), 'audience.ids'],
      [input('x', { publishFrom: 'tomorrow' }), 'publishFrom'],
    ];
    for (const [body, path] of cases) {
      const res = await call('n.editor', 'POST', '/news', body, { 'Idempotency-Key': `news-test-bad-${path.replace(/\W/g, '')}` });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect(ids((await call('n.editor', 'GET', '/news/manage')).body)).toEqual(before);
  });

  it('a body beyond the Markdown bounds (ADR 157) is refused on create and update with its field issue; nothing is stored', async () => {
    const hostile = {
      emphasis: '*a '.repeat(3300) + 'a* '.repeat(3300),
      nestedLists: Array.from({ length: 700 }, () => `${'- '.repeat(10)}a`).join('\n'),
      deepQuote: `${'> '.repeat(1000)}x`,
    };
    const before = ids((await call('n.editor', 'GET', '/news/manage')).body);
    for (const [name, body] of Object.entries(hostile)) {
      const res = await call('n.editor', 'POST', '/news', input('x', { texts: { en: text('x'), de: text('x', body) } }), {
        'Idempotency-Key': `news-test-markdown-${name}`,
      });
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      expect(res.body.issues).toEqual([
        { path: 'texts.de.body', message: expect.stringContaining('too much Markdown structure'), code: 'FIELD.MARKDOWN_TOO_COMPLEX' },
      ]);
    }
    expect(ids((await call('n.editor', 'GET', '/news/manage')).body)).toEqual(before);
    const item = await call('n.editor', 'GET', '/news/manage/news-expiring');
    const { newsId: _id, version, createdAt: _c, updatedAt: _u, updatedBy: _b, ...fields } = item.body;
    const update = await call('n.editor', 'PUT', '/news/news-expiring', {
      ...fields,
      texts: { en: text('x', hostile.emphasis) },
      baseVersion: version,
    });
    expect(update.status).toBe(400);
    expect(update.body.issues.map((i: { path: string; code: string }) => [i.path, i.code])).toEqual([
      ['texts.en.body', 'FIELD.MARKDOWN_TOO_COMPLEX'],
    ]);
    expect((await call('n.editor', 'GET', '/news/manage/news-expiring')).body).toEqual(item.body);
  });

  it('an update of a stale version is 409; a withdrawal takes the item out of every list', async () => {
    const item = await call('n.editor', 'GET', '/news/manage/news-alpha');
    expect(item.body).toMatchObject({ version: 1, audience: { kind: 'customers', ids: ['R-NA'] } });
    const { newsId: _id, version: _v, createdAt: _c, updatedAt: _u, updatedBy: _b, ...fields } = item.body;
    const saved = await call('n.editor', 'PUT', '/news/news-alpha', { ...fields, important: true, baseVersion: 1 });
    expect(saved.body).toMatchObject({ version: 2, important: true });
    expect((await call('n.editor', 'PUT', '/news/news-alpha', { ...fields, baseVersion: 1 })).status).toBe(409);
    expect((await call('n.en', 'GET', '/news')).body.items.find((i: { newsId: string }) => i.newsId === 'news-alpha').important).toBe(true);
    expect((await call('n.editor', 'DELETE', '/news/news-alpha?baseVersion=1')).status).toBe(409);
    expect((await call('n.editor', 'DELETE', '/news/news-alpha?baseVersion=2')).body).toEqual({ newsId: 'news-alpha', withdrawn: true });
    expect((await call('n.editor', 'DELETE', '/news/news-alpha?baseVersion=2')).status).toBe(200);
    expect(ids((await call('n.en', 'GET', '/news')).body)).not.toContain('news-alpha');
    expect((await call('n.en', 'GET', '/news/news-alpha')).status).toBe(404);
    expect((await call('n.editor', 'GET', '/news/manage/news-alpha')).status).toBe(404);
  });
});

describe('cost', () => {
  it("a reader's list makes the same number of DynamoDB calls whatever the history (expired and withdrawn items)", async () => {
    const counter = countCalls(backend.db, 'news-cost');
    try {
      const list = () => counter.counted(() => call('n.de', 'GET', '/news'));
      await list(); // loads this process's copy of the live list
      const before = (await list()).calls;
      await importOk(
        backend,
        'news',
        Array.from({ length: 30 }, (_, i) => record(`news-old-${i}`, { publishFrom: at(-600 - i), expireAt: at(-300 - i) })),
      );
      await importOk(
        backend,
        'news',
        Array.from({ length: 10 }, (_, i) => record(`news-gone-${i}`, { withdrawn: true })),
      );
      await list();
      expect((await list()).calls).toBe(before);
    } finally {
      counter.stop();
    }
  });
});

import type { NewsDetail, NewsItem, NewsSummary } from '@portal/core/news';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedInWithModule } from '../../../test/fixtures.ts';
import { markedRead } from '../api/news.ts';

/** The News section against a fake API (ADR 081): the list with unread and important marks, the empty state, an item's Markdown, the editor. */
const reader = signedInWithModule('payment', { transactions: true });
const editor = signedInWithModule('content', { publishNews: true });
const summary = (over: Partial<NewsSummary>): NewsSummary => ({
  newsId: 'news-a',
  language: 'en',
  title: 'Title',
  publishFrom: '2026-11-20T09:00:00.000Z',
  expireAt: null,
  important: false,
  documentId: null,
  read: false,
  ...over,
});
const detail = (over: Partial<NewsDetail> = {}): NewsDetail => {
  const { read: _read, ...rest } = summary({ newsId: 'news-a', title: 'Welcome' });
  return { ...rest, body: 'Hello', ...over };
};

describe('the News section', () => {
  beforeEach(() => resetSession('connect'));

  it('lists the news newest first as the server sends them, unread and important ones marked, each a link to its page', async () => {
    fakeBackend({
      'GET /api/auth/status': { body: reader },
      'GET /api/news': {
        body: {
          items: [
            summary({ newsId: 'news-a', title: 'Maintenance tonight', important: true }),
            summary({ newsId: 'news-b', title: 'Old news', read: true }),
          ],
          unread: 1,
        },
      },
    });
    renderRoute(paths.connect.news);
    const first = await screen.findByRole('link', { name: /Maintenance tonight/ });
    expect(within(first).getByText('Important')).toBeTruthy();
    expect(within(first).getByText('Unread')).toBeTruthy();
    expect(first.getAttribute('href')).toBe(paths.connect.newsItem('news-a'));
    const second = screen.getByRole('link', { name: /Old news/ });
    expect(within(second).queryByText('Unread')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Manage news' })).toBeNull();
  });

  it('says "No news" when there is none', async () => {
    fakeBackend({ 'GET /api/auth/status': { body: reader }, 'GET /api/news': { body: { items: [], unread: 0 } } });
    renderRoute(paths.connect.news);
    expect(await screen.findByRole('heading', { name: 'No news' })).toBeTruthy();
  });

  it('renders an item as Markdown without raw HTML: safe links only, with rel="noopener noreferrer"', async () => {
    const body = [
      '**Bold** text <script>alert(1)</script><b>raw</b>',
      '',
      '[site](https://example.com) [mail](mailto:a@example.com) [bad](javascript:alert(1)) [rel](/connect/x)',
      '',
      '![pixel](https://tracker.example/p.png)',
    ].join('\n');
    const backend = fakeBackend({
      'GET /api/auth/status': { body: reader },
      'GET /api/news/news-a': { body: detail({ body, documentId: 'contracts/2027.pdf' }) },
      'GET /api/news/unread': { body: { unread: 1 } },
    });
    const view = renderRoute(paths.connect.newsItem('news-a'));
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(within(article).getByText('Bold').tagName).toBe('STRONG');
    expect(view.container.querySelector('script')).toBeNull();
    expect(within(article).queryByText('raw')).toBeNull();
    expect(view.container.querySelector('img')).toBeNull();
    const site = within(article).getByRole('link', { name: 'site' });
    expect([site.getAttribute('href'), site.getAttribute('rel')]).toEqual(['https://example.com', 'noopener noreferrer']);
    expect(within(article).getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@example.com');
    expect(within(article).queryByRole('link', { name: 'bad' })).toBeNull();
    expect(within(article).queryByRole('link', { name: 'rel' })).toBeNull();
    expect(within(article).getByText('contracts/2027.pdf')).toBeTruthy();
    // Opening marks read on the server: the navigation's unread count is read (again) after it.
    const order = () => backend.calls.map((c) => c.path);
    await waitFor(() => expect(order().lastIndexOf('/api/news/unread')).toBeGreaterThan(order().indexOf('/api/news/news-a')));
  });

  it('lets an editor write an item with a preview and sends it once with an idempotency key', async () => {
    const saved: NewsItem = {
      newsId: 'news-new',
      version: 1,
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      updatedBy: 'u',
      texts: { en: { title: 'Hello', body: '*Hi*' } },
      publishFrom: '2026-11-21T10:00:00.000Z',
      expireAt: null,
      audience: { kind: 'all' },
      important: true,
      documentId: null,
    };
    const backend = fakeBackend({
      'GET /api/auth/status': { body: editor },
      'POST /api/news': { status: 201, body: saved },
      'GET /api/news/manage/news-new': { body: saved },
    });
    renderRoute(paths.connect.newsNew);
    fireEvent.change(await screen.findByLabelText('Title (required)'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByLabelText('Text (Markdown)'), { target: { value: '*Hi*' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    // The preview's renderer loads on the first preview (ADR 151).
    expect((await screen.findByText('Hi')).tagName).toBe('EM');
    fireEvent.click(screen.getByLabelText('Important'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/news')).toHaveLength(1));
    const [call] = backend.callsTo('POST', '/api/news');
    expect(call!.body).toMatchObject({
      texts: { en: { title: 'Hello', body: '*Hi*' } },
      audience: { kind: 'all' },
      important: true,
      expireAt: null,
    });
    expect(backend.fetch.mock.calls.some(([, init]) => new Headers(init?.headers).get('Idempotency-Key'))).toBe(true);
  });

  it('shows a stored body beyond the Markdown bounds as plain text, quickly (ADR 157)', async () => {
    const body = `Intro\n\n${'*a '.repeat(3300)}${'a* '.repeat(3300)}`;
    fakeBackend({
      'GET /api/auth/status': { body: reader },
      'GET /api/news/news-a': { body: detail({ body }) },
      'GET /api/news/unread': { body: { unread: 0 } },
    });
    renderRoute(paths.connect.newsItem('news-a'));
    const article = await screen.findByRole('article', {}, { timeout: 5000 });
    const plain = article.querySelector('pre');
    expect(plain?.textContent).toBe(body);
    expect(article.querySelector('em, strong, p')).toBeNull();
  });

  it("tells the editor a body beyond the Markdown bounds on its field, in the body's language, and sends nothing (ADR 157)", async () => {
    const backend = fakeBackend({ 'GET /api/auth/status': { body: editor } });
    renderRoute(paths.connect.newsNew);
    fireEvent.change(await screen.findByLabelText('Title (required)'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByLabelText('Text (Markdown)'), { target: { value: 'Fine **text**' } });
    fireEvent.click(screen.getByRole('tab', { name: 'German' }));
    fireEvent.change(screen.getByLabelText('Text (Markdown)'), { target: { value: `${'> '.repeat(1000)}x` } });
    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    // The German tab opens with the field's issue; nothing went to the server.
    expect((await screen.findByRole('tab', { name: 'German' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(/The text has too much Markdown structure: at most 800 lines/)).toBeTruthy();
    expect(screen.getByLabelText('Text (Markdown)').getAttribute('aria-invalid')).toBe('true');
    expect(backend.callsTo('POST', '/api/news')).toHaveLength(0);
  });

  it('words the Markdown bounds in German for a German editor (ADR 157)', async () => {
    const backend = fakeBackend({ 'GET /api/auth/status': { body: { ...editor, user: { ...editor.user!, locale: 'de-DE' } } } });
    renderRoute(paths.connect.newsNew);
    fireEvent.change(await screen.findByLabelText('Titel (Pflicht)'), { target: { value: 'Hallo' } });
    fireEvent.change(screen.getByLabelText('Text (Markdown)'), { target: { value: '*a '.repeat(600) + 'a* '.repeat(600) } });
    fireEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    expect(await screen.findByText(/Der Text hat zu viel Markdown-Struktur: höchstens 800 Zeilen/)).toBeTruthy();
    expect(backend.callsTo('POST', '/api/news')).toHaveLength(0);
  });

  it('shows an opened item read in a cached list at once (markedRead), and leaves other answers alone', () => {
    const list = { items: [summary({ newsId: 'news-a' }), summary({ newsId: 'news-b' })], unread: 2 };
    expect(markedRead(list, 'news-a')).toEqual({
      items: [summary({ newsId: 'news-a', read: true }), summary({ newsId: 'news-b' })],
      unread: 1,
    });
    expect(markedRead({ unread: 2 }, 'news-a')).toEqual({ unread: 2 });
    expect(markedRead(markedRead(list, 'news-a'), 'news-a')).toEqual(markedRead(list, 'news-a'));
  });
});

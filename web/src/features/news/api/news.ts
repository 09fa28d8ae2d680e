import { NewsDetail, type NewsInput, NewsItem, NewsList, NewsManageList, type NewsUpdate, NewsWithdrawn } from '@portal/core/news';
import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { idempotent, isResourceKey, routeSection, SECTION_READ, segment } from '../../../lib/resource-client.ts';

/**
 * The News section's calls (ADR 081) on the typed client (ADR 057): failures shown in place. The reader's list
 * and an opened item are read fresh on mount (opening marks read, so the list and the navigation's unread
 * count are read again after it); the editor's writes re-read every news answer.
 */
const section = routeSection('connect', ['news']);
export const refreshNews = section.refresh;
const { client, read, write, key } = section;
const news = () => client().news;
const FRESH = { ...SECTION_READ, dedupingInterval: 2_000 } as const;

export function useNewsList() {
  const at = news();
  return useSWR(key('news', 'list', at.$path()), () => read(at.$get(), NewsList), FRESH);
}

/** Opening an item marks it read: the list and the badge are read again afterwards. */
export function useNewsItem(newsId: string) {
  const at = news()[':newsId'];
  const args = { param: { newsId: segment(newsId) } };
  return useSWR(
    // Its own route name: the refresh after opening re-reads the list and the badge, not this answer.
    key('news/item', 'get', at.$path(args)),
    () => read(at.$get(args), NewsDetail),
    FRESH,
  );
}

/**
 * Once an opened item has loaded (the server marked it read), the list and the navigation's unread count are
 * read again: through this SWR cache's own mutate, so the screen's cache is the one refreshed.
 */
export function useReadAgainAfterOpening(opened: { newsId: string } | undefined) {
  const { mutate } = useSWRConfig();
  const newsId = opened?.newsId;
  useEffect(() => {
    // A cached list (not on screen now) shows the item read at once; every answer is read again as well.
    if (newsId)
      void mutate(
        (k: unknown) => isResourceKey(k, 'connect') && k[2] === 'news',
        (data: unknown) => markedRead(data, newsId),
      );
  }, [newsId, mutate]);
}

/** A cached list with `newsId` marked read and the unread count lowered; any other answer as it is. */
export function markedRead(data: unknown, newsId: string): unknown {
  const list = NewsList.safeParse(data);
  if (!list.success) return data;
  const wasUnread = list.data.items.some((i) => i.newsId === newsId && !i.read);
  if (!wasUnread) return data;
  return {
    items: list.data.items.map((i) => (i.newsId === newsId ? { ...i, read: true } : i)),
    unread: Math.max(0, list.data.unread - 1),
  };
}

export function useNewsManage(enabled: boolean) {
  const at = news().manage;
  return useSWR(enabled ? key('news', 'list', at.$path()) : null, () => read(at.$get(), NewsManageList), FRESH);
}

/** `newsId` null: a new item, nothing to read. */
export function useNewsForEdit(newsId: string | null) {
  const at = news().manage[':newsId'];
  const call = newsId ? { param: { newsId: segment(newsId) } } : null;
  const load = call ? () => read(at.$get(call), NewsItem) : null;
  return useSWR(call ? key('news', 'get', at.$path(call)) : null, load, FRESH);
}

export const createNews = (input: NewsInput, idempotencyKey: string) =>
  write(news().$post({ json: input, header: idempotent(idempotencyKey) }), NewsItem);
export const updateNews = (newsId: string, input: NewsUpdate) =>
  write(news()[':newsId'].$put({ param: { newsId: segment(newsId) }, json: input }), NewsItem);
export const withdrawNews = (newsId: string, baseVersion: number) =>
  write(news()[':newsId'].$delete({ param: { newsId: segment(newsId) }, query: { baseVersion: String(baseVersion) } }), NewsWithdrawn);

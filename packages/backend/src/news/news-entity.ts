import { NEWS_LANGUAGES, NEWS_LIMITS, type NewsHead, type NewsItem } from '@portal/core/news';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getItem, getOne } from '../platform/db/entity.ts';
import { countAll, queryAll } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';
import { versionBump, versionedValue } from '../platform/db/versioned-list.ts';

/**
 * News (ADR 081). Keys:
 * - the item:       pk=NEWS#<newsId>, sk=ITEM — every language's title and body (≤ ~250 KB at the limits);
 *                   `withdrawn` once taken back. Read by id (one GetItem) when a reader opens it.
 * - the live rows:  pk=NEWS#LIVE, sk=<expireAt ISO | ~>#<newsId> — the item without its bodies, one per item
 *                   not withdrawn. A Query `sk > <now>` leaves expired ones out by key range (never-expiring
 *                   rows sort last under `~`); at most NEWS_LIMITS.live unexpired rows exist (create checks).
 * - their version:  pk=VERSION#LIST#news, sk=VERSION {v, changedAt} — moved by every save and withdrawal in the
 *                   same transaction, so each process reads the live rows only when they changed (ADR 065, 072).
 * - read marks:     pk=NEWSREAD#<username>, sk=READ {ids (a string set), v} — the ids a user opened; a mark is
 *                   an atomic ADD (parallel opens never conflict); once the set reaches NEWS_LIMITS.live ids
 *                   it is pruned to the live ones (≤ ~200 ids of ≤ 66 bytes: under 14 KB).
 * - create retries: pk=NEWSIDEM#<username>, sk=<Idempotency-Key> (platform/db/idempotency.ts).
 */
const itemKey = (newsId: string): Key => ({ pk: `NEWS#${newsId}`, sk: 'ITEM' });
const LIVE = 'NEWS#LIVE';
const VERSION_KEY: Key = { pk: 'VERSION#LIST#news', sk: 'VERSION' };
const NEVER = '~';
const liveSk = (item: Pick<NewsItem, 'expireAt' | 'newsId'>) =>
  `${item.expireAt ? new Date(item.expireAt).toISOString() : NEVER}#${item.newsId}`;
const readKey = (username: string): Key => ({ pk: `NEWSREAD#${username}`, sk: 'READ' });
export const newsIdempotencyKey = (username: string, key: string): Key => ({ pk: `NEWSIDEM#${username}`, sk: key });

export type StoredNews = NewsItem & { withdrawn?: boolean };

const items = entity<StoredNews>({ drop: ['type'] });
const heads = entity<NewsHead>({ drop: ['type'] });

export const headOf = (item: NewsItem): NewsHead => {
  const { texts, ...rest } = item;
  const titles: NewsHead['titles'] = {};
  for (const language of NEWS_LANGUAGES) {
    const text = texts[language];
    if (text) titles[language] = text.title;
  }
  return { ...rest, titles };
};

export const getNews = (db: Db, newsId: string, consistent = false) => getOne(db, items, itemKey(newsId), { consistent });

/** The live rows (unexpired at `now`, not withdrawn) of this table, from the process's copy while the version stands. */
const liveCopy = versionedValue(
  VERSION_KEY,
  async (db, head) => {
    const changedAt = typeof head?.changedAt === 'number' ? head.changedAt : 0;
    // Rows that had expired when the list last changed are never needed again: the key range skips them.
    const from = new Date(changedAt).toISOString();
    const res = await queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND sk > :from',
      ExpressionAttributeValues: { ':pk': LIVE, ':from': from },
      ConsistentRead: true,
    });
    return { value: res.items.map((row) => heads.read(row)), calls: res.calls };
  },
  { settleMs: 0 },
);

/** The live rows and the calls the read made (1 while the process's copy is current). */
export async function liveNews(db: Db, now: Date): Promise<{ heads: NewsHead[]; calls: number }> {
  const read = await liveCopy(db, now);
  const at = now.getTime();
  return { heads: read.value.filter((h) => !h.expireAt || Date.parse(h.expireAt) > at), calls: read.calls };
}

/** How many rows are unexpired at `now` (at most NEWS_LIMITS.live + a few: the Query stops counting there). */
export const countLive = (db: Db, now: Date) =>
  countAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk > :now',
    ExpressionAttributeValues: { ':pk': LIVE, ':now': now.toISOString() },
    ConsistentRead: true,
  });

const putItem = (db: Db, item: StoredNews, previousVersion: number): TxItem => ({
  Put: {
    TableName: db.table,
    Item: { ...itemKey(item.newsId), type: 'news', ...item },
    ...(previousVersion === 0
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : {
          ConditionExpression: '#v = :v AND attribute_not_exists(withdrawn)',
          ExpressionAttributeNames: { '#v': 'version' },
          ExpressionAttributeValues: { ':v': previousVersion },
        }),
  },
});
const putLive = (db: Db, item: NewsItem): TxItem => ({
  Put: { TableName: db.table, Item: { pk: LIVE, sk: liveSk(item), type: 'newsLive', ...headOf(item) } },
});
const deleteLive = (db: Db, item: NewsItem): TxItem => ({ Delete: { TableName: db.table, Key: { pk: LIVE, sk: liveSk(item) } } });

/** A save: the item (absent for a new one, else still at `previous`), its live row moved to its expiry, the version. */
export function newsSaveWrites(db: Db, item: NewsItem, previous: NewsItem | null, now: Date): TxItem[] {
  const moved = previous && liveSk(previous) !== liveSk(item) ? [deleteLive(db, previous)] : [];
  return [putItem(db, item, previous?.version ?? 0), ...moved, putLive(db, item), versionBump(db, VERSION_KEY, now)];
}

/** A withdrawal: the item marked (still at its version), its live row gone, the version moved. */
export function newsWithdrawWrites(db: Db, item: NewsItem, by: string, now: Date): TxItem[] {
  return [
    {
      Update: {
        TableName: db.table,
        Key: itemKey(item.newsId),
        UpdateExpression: 'SET withdrawn = :t, updatedAt = :at, updatedBy = :by',
        ConditionExpression: '#v = :v AND attribute_not_exists(withdrawn)',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':t': true, ':at': now.toISOString(), ':by': by, ':v': item.version },
      },
    },
    deleteLive(db, item),
    versionBump(db, VERSION_KEY, now),
  ];
}

/** A user's read marks (consistent: an item just opened shows as read) and the mark's version. */
export async function getReadMarks(db: Db, username: string): Promise<{ ids: Set<string>; v: number }> {
  const item = await getItem(db, readKey(username), { consistent: true });
  const stored: unknown = item?.ids;
  const ids = stored instanceof Set || Array.isArray(stored) ? [...stored].filter((id): id is string => typeof id === 'string') : [];
  return { ids: new Set(ids), v: typeof item?.v === 'number' ? item.v : 0 };
}

/** Adds one id to the marks (a string set: parallel opens all land, a repeat changes nothing). */
export async function addReadMark(db: Db, username: string, newsId: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: readKey(username),
      UpdateExpression: 'ADD ids :id, v :one SET #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':id': new Set([newsId]), ':one': 1, ':type': 'newsRead' },
    }),
  );
}

/** Replaces the marks by `ids` (the live ones) if still at version `v`: false when another mark came first. */
export async function pruneReadMarks(db: Db, username: string, ids: string[], v: number): Promise<boolean> {
  return applied(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...readKey(username), type: 'newsRead', ids: new Set(ids.slice(0, NEWS_LIMITS.live)), v: v + 1 },
        ConditionExpression: 'v = :v',
        ExpressionAttributeValues: { ':v': v },
      }),
    ),
  );
}

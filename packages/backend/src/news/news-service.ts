import { createHash, randomBytes } from 'node:crypto';
import {
  NEWS,
  NEWS_LIMITS,
  type NewsAudience,
  type NewsDetail,
  type NewsHead,
  type NewsInput,
  type NewsItem,
  type NewsList,
  type NewsManageList,
  type NewsSummary,
  type NewsUpdate,
  newsLanguageOf,
  newsTextFor,
} from '@portal/core/news';
import { REQUEST } from '@portal/core/shared';
import { type Actor, permissionDenied } from '../access/index.ts';
import { getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { createOnce, readReplay } from '../platform/db/idempotency.ts';
import { transactWrite } from '../platform/db/transact.ts';
import type { Clock } from '../platform/time.ts';
import {
  countLive,
  getNews,
  getReadMarks,
  liveNews,
  newsIdempotencyKey,
  newsSaveWrites,
  newsWithdrawWrites,
  pruneReadMarks,
  addReadMark,
  type StoredNews,
} from './news-entity.ts';

/**
 * News (ADR 081). Every connect user reads the items meant for them (audience), published (publishFrom ≤ now)
 * and unexpired, in their language (else English); opening one marks it read. Holders of content.publishNews
 * write, edit and withdraw items. A list costs a constant number of calls whatever the history: the live rows
 * from the process's copy (1 call while current), the user's read marks (1), the customer (1, only when a live
 * item names customer groups).
 */
const notFound = () => new AppError('not_found', NEWS.NOT_FOUND, 'News item not found.');
const changedMeanwhile = () =>
  new AppError('conflict', NEWS.STATE_CONFLICT, 'The news item was changed by someone else meanwhile. Please reload it.');
const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
export const newNewsId = () => `news-${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}`;
const isGlobal = (actor: Actor) => actor.access.security.global === true;
const mayPublish = (actor: Actor) => actor.access.modules.content.permissions.publishNews === true;

/** The rules zod cannot state on one field (ADR 081): an expiry after the publish time. */
export function newsProblems(input: NewsInput): { path: string; message: string }[] {
  if (input.expireAt && Date.parse(input.expireAt) <= Date.parse(input.publishFrom))
    return [{ path: 'expireAt', message: 'The expiry must be after the publish time' }];
  return [];
}
function checkInput(input: NewsInput) {
  const problems = newsProblems(input);
  if (problems.length) throw new AppError('input', REQUEST.VALIDATION_FAILED, problems[0]!.message, { issues: problems });
}

/** Whether an audience includes the actor; `groupOf` answers the actor's customer's group (read only when asked). */
async function inAudience(actor: Actor, audience: NewsAudience, groupOf: () => Promise<string | undefined>): Promise<boolean> {
  switch (audience.kind) {
    case 'all':
      return true;
    case 'customers':
      return isGlobal(actor) || audience.ids.includes(actor.customerId);
    case 'customerGroups':
      if (isGlobal(actor) || audience.ids.includes(actor.customerId)) return true;
      return audience.ids.includes((await groupOf()) ?? '');
    case 'permission': {
      const [module, permission] = audience.permission.split('.');
      const modules: Record<string, { permissions: Readonly<Record<string, boolean>> } | undefined> = actor.access.modules;
      return modules[module ?? '']?.permissions[permission ?? ''] === true;
    }
  }
}

const isLive = (item: Pick<NewsItem, 'publishFrom' | 'expireAt'>, at: number) =>
  Date.parse(item.publishFrom) <= at && (!item.expireAt || Date.parse(item.expireAt) > at);
const newestFirst = (a: Pick<NewsItem, 'publishFrom' | 'newsId'>, b: Pick<NewsItem, 'publishFrom' | 'newsId'>) =>
  Date.parse(b.publishFrom) - Date.parse(a.publishFrom) || b.newsId.localeCompare(a.newsId);

/** The item an earlier create with this Idempotency-Key made (null: none; another request's key: 409). */
async function replayCreate(db: Db, username: string, key: string, hash: string, at: Date): Promise<NewsItem | null> {
  const record = await readReplay<{ newsId: string }>(db, newsIdempotencyKey(username, key), at, hash, 'news item');
  return record ? getNews(db, record.newsId, true) : null;
}

/** The writes of a save and a withdrawal, shared by the service and the import (ADR 081). */
export function createNewsWriter(db: Db, now: Clock) {
  async function writeOrConflict(writes: Parameters<typeof transactWrite>[1]) {
    try {
      await transactWrite(db, writes);
    } catch (error) {
      if (isConditionFailure(error)) throw changedMeanwhile();
      throw error;
    }
  }
  async function saveNew(
    input: NewsInput,
    by: string,
    options: { newsId?: string; idempotency?: { username: string; key: string; hash: string } },
  ): Promise<NewsItem> {
    const at = now();
    if ((await countLive(db, at)) >= NEWS_LIMITS.live)
      throw new AppError('conflict', NEWS.TOO_MANY_LIVE, `At most ${NEWS_LIMITS.live} news items can be live at once.`);
    const stamp = at.toISOString();
    const item: NewsItem = {
      ...input,
      newsId: options.newsId ?? newNewsId(),
      version: 1,
      createdAt: stamp,
      updatedAt: stamp,
      updatedBy: by,
    };
    const idem = options.idempotency;
    if (!idem) {
      await writeOrConflict(newsSaveWrites(db, item, null, at));
      return item;
    }
    const record = {
      key: newsIdempotencyKey(idem.username, idem.key),
      type: 'newsIdempotency',
      hash: idem.hash,
      made: { newsId: item.newsId },
    };
    return createOnce(
      db,
      at,
      { writes: newsSaveWrites(db, item, null, at), record },
      { replay: () => replayCreate(db, idem.username, idem.key, idem.hash, at), created: () => item },
    );
  }
  async function saveVersion(latest: NewsItem, input: NewsInput, by: string): Promise<NewsItem> {
    const at = now();
    const item: NewsItem = {
      ...input,
      newsId: latest.newsId,
      version: latest.version + 1,
      createdAt: latest.createdAt,
      updatedAt: at.toISOString(),
      updatedBy: by,
    };
    await writeOrConflict(newsSaveWrites(db, item, latest, at));
    return item;
  }

  return { saveNew, saveVersion, writeOrConflict };
}

export function createNewsService({ db, now }: { db: Db; now: Clock }) {
  const { saveNew, saveVersion, writeOrConflict } = createNewsWriter(db, now);
  /** The heads the actor reads now, newest first, and the calls made. */
  async function visibleHeads(actor: Actor, at: Date): Promise<NewsHead[]> {
    const { heads } = await liveNews(db, at);
    let group: Promise<string | undefined> | undefined;
    const groupOf = () =>
      (group ??= actor.customerId === '' ? Promise.resolve(undefined) : getCustomer(db, actor.customerId).then((c) => c?.customerGroupId));
    const out: NewsHead[] = [];
    for (const head of heads) if (isLive(head, at.getTime()) && (await inAudience(actor, head.audience, groupOf))) out.push(head);
    return out.sort(newestFirst);
  }
  const summaryOf = (actor: Actor, head: NewsHead, read: boolean): NewsSummary => {
    const wanted = newsLanguageOf(actor.locale);
    const language = head.titles[wanted] ? wanted : 'en';
    return {
      newsId: head.newsId,
      language,
      title: head.titles[language] ?? '',
      publishFrom: head.publishFrom,
      expireAt: head.expireAt ?? null,
      important: head.important,
      documentId: head.documentId ?? null,
      read,
    };
  };
  async function list(actor: Actor): Promise<NewsList> {
    const [heads, marks] = await Promise.all([visibleHeads(actor, now()), getReadMarks(db, actor.username)]);
    const items = heads.map((h) => summaryOf(actor, h, marks.ids.has(h.newsId)));
    return { items, unread: items.filter((i) => !i.read).length };
  }
  /** Adds `newsId` to the actor's marks; a full set is first pruned to the live ids (bounded, ADR 081). */
  async function markRead(actor: Actor, newsId: string, at: Date) {
    const marks = await getReadMarks(db, actor.username);
    if (marks.ids.has(newsId)) return;
    if (marks.ids.size >= NEWS_LIMITS.live) {
      const live = new Set((await liveNews(db, at)).heads.map((h) => h.newsId));
      // A lost race leaves the set as it is: the next mark prunes it.
      await pruneReadMarks(
        db,
        actor.username,
        [...marks.ids].filter((id) => live.has(id)),
        marks.v,
      );
    }
    await addReadMark(db, actor.username, newsId);
  }
  const requirePublish = (actor: Actor) => {
    if (!mayPublish(actor)) throw permissionDenied();
  };
  async function editable(newsId: string): Promise<StoredNews> {
    const item = await getNews(db, newsId, true);
    if (!item || item.withdrawn) throw notFound();
    return item;
  }

  return {
    /** GET /news: what the actor reads now, newest first, with read marks and the unread count. */
    list,
    /** GET /news/unread: the navigation's badge (the same reads as the list, without sending it). */
    async unread(actor: Actor): Promise<{ unread: number }> {
      return { unread: (await list(actor)).unread };
    },
    /** GET /news/:newsId: one item in the actor's language, marked read; one not meant for the actor (now) answers 404. */
    async open(actor: Actor, newsId: string): Promise<NewsDetail> {
      const at = now();
      const item = await getNews(db, newsId);
      if (!item || item.withdrawn || !isLive(item, at.getTime())) throw notFound();
      const groupOf = async () => (actor.customerId === '' ? undefined : (await getCustomer(db, actor.customerId))?.customerGroupId);
      if (!(await inAudience(actor, item.audience, groupOf))) throw notFound();
      await markRead(actor, newsId, at);
      const { language, text } = newsTextFor(item.texts, newsLanguageOf(actor.locale));
      return {
        newsId,
        language,
        title: text.title,
        body: text.body,
        publishFrom: item.publishFrom,
        expireAt: item.expireAt ?? null,
        important: item.important,
        documentId: item.documentId ?? null,
      };
    },
    /** GET /news/manage: every live item (future ones too), newest first (content.publishNews). */
    async manageList(actor: Actor): Promise<NewsManageList> {
      requirePublish(actor);
      return { items: [...(await liveNews(db, now())).heads].sort(newestFirst) };
    },
    /** GET /news/manage/:newsId: an item whole, for editing. */
    async getForEdit(actor: Actor, newsId: string): Promise<NewsItem> {
      requirePublish(actor);
      const { withdrawn: _withdrawn, ...item } = await editable(newsId);
      return item;
    },
    /** POST /news (Idempotency-Key: a retry answers the item already made). */
    async create(actor: Actor, input: NewsInput, key: string): Promise<NewsItem> {
      requirePublish(actor);
      checkInput(input);
      const hash = hashOf(input);
      const earlier = await replayCreate(db, actor.username, key, hash, now());
      if (earlier) return earlier;
      return saveNew(input, actor.username, { idempotency: { username: actor.username, key, hash } });
    },
    /** PUT /news/:newsId: version + 1 of `baseVersion`; a save of an item changed meanwhile is 409. */
    async update(actor: Actor, newsId: string, { baseVersion, ...input }: NewsUpdate): Promise<NewsItem> {
      requirePublish(actor);
      checkInput(input);
      const latest = await editable(newsId);
      if (latest.version !== baseVersion) throw changedMeanwhile();
      return saveVersion(latest, input, actor.username);
    },
    /** DELETE /news/:newsId?baseVersion: the item leaves every list; kept for the record. */
    async withdraw(actor: Actor, newsId: string, baseVersion: number): Promise<{ newsId: string; withdrawn: true }> {
      requirePublish(actor);
      const latest = await getNews(db, newsId, true);
      if (!latest) throw notFound();
      // Withdrawing again answers as the first time did (a retried DELETE).
      if (latest.withdrawn) return { newsId, withdrawn: true };
      if (latest.version !== baseVersion) throw changedMeanwhile();
      await writeOrConflict(newsWithdrawWrites(db, latest, actor.username, now()));
      return { newsId, withdrawn: true };
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;

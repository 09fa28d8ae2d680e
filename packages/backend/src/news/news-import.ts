import * as z from '@portal/core/zod';
import { NewsInput } from '@portal/core/news';
import { ImportRejected } from '../masterdata/index.ts';
import type { Db } from '../platform/db/client.ts';
import { transactWrite } from '../platform/db/transact.ts';
import { getNews, newsWithdrawWrites } from './news-entity.ts';
import { createNewsWriter, newsProblems } from './news-service.ts';

/**
 * The `news` import kind (ADR 081, ADR 014's one import path): the supplier's staff publish news with
 * `npm run import -- news.jsonl`. One record per item with a fixed newsId, so a re-import finds it again: a
 * changed record saves a new version, the same record writes nothing, `withdrawn: true` takes it back.
 */
export const NewsImport = z.extend(NewsInput, {
  newsId: z.string().check(z.regex(/^news-[A-Za-z0-9-]{1,60}$/, 'a news id starts with news- (letters, digits, -)')),
  withdrawn: z._default(z.boolean(), false),
  /** Who the versions name as their author (the import itself). */
  updatedBy: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), 'import'),
});
export type NewsImport = z.infer<typeof NewsImport>;

const contentOf = (input: NewsInput) =>
  JSON.stringify([input.texts, input.publishFrom, input.expireAt ?? null, input.audience, input.important, input.documentId ?? null]);

export async function importNews(db: Db, record: NewsImport, now: Date): Promise<'created' | 'updated'> {
  const problem = newsProblems(record)[0];
  if (problem) throw new ImportRejected(`${problem.path}: ${problem.message}`);
  const { newsId, withdrawn, updatedBy, ...input } = record;
  const latest = await getNews(db, newsId, true);
  if (latest?.withdrawn) return 'updated';
  if (withdrawn) {
    if (latest) await transactWrite(db, newsWithdrawWrites(db, latest, updatedBy, now));
    return latest ? 'updated' : 'created';
  }
  const writer = createNewsWriter(db, () => now);
  if (!latest) {
    await writer.saveNew(input, updatedBy, { newsId });
    return 'created';
  }
  if (contentOf(latest) !== contentOf(input)) await writer.saveVersion(latest, input, updatedBy);
  return 'updated';
}

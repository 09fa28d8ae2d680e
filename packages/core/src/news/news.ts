import { MODULE_FLAGS, MODULE_NAMES } from '../auth/flags.ts';
import { markdownText } from '../shared/markdown-text.ts';
import { Id } from '../shared/schemas.ts';
import * as z from '../shared/zod.ts';

/**
 * News from the supplier to its customers (SPEC 1, 2, 7 "news: list"; ADR 081). An item has a title and a
 * Markdown body per language (English required; German and Polish optional: a reader gets their language,
 * else English), a publish-from time (invisible before), an optional expiry (gone from then), an audience,
 * an important flag and an optional link to a document (its id or path only; documents are their own domain).
 */
export const NEWS_LANGUAGES = ['en', 'de', 'pl'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];

/** Storage limits (ADR 081): three bodies of 20,000 characters stay far below DynamoDB's 400 KB item. */
export const NEWS_LIMITS = { title: 200, body: 20_000, audienceIds: 50, documentId: 500, live: 200 } as const;

export const NewsText = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'Enter a title'), z.maxLength(NEWS_LIMITS.title)),
  // Markdown every reader's browser parses: within the bounds that keep that linear (ADR 157).
  body: markdownText(NEWS_LIMITS.body),
});
export type NewsText = z.infer<typeof NewsText>;

export const NewsTexts = z.object({ en: NewsText, de: z.optional(NewsText), pl: z.optional(NewsText) });
export type NewsTexts = z.infer<typeof NewsTexts>;

/** Every module permission by its route-policy name (`flow.approveRequests`), the `permission` audience's choices. */
export const NEWS_AUDIENCE_PERMISSIONS = MODULE_NAMES.flatMap((module) =>
  Object.keys(MODULE_FLAGS[module].permissions).map((permission) => `${module}.${permission}`),
);

const AudienceIds = z.array(Id).check(z.minLength(1, 'Name at least one'), z.maxLength(NEWS_LIMITS.audienceIds));

/** Who reads an item (strict: a field of another kind is refused, not dropped): every customer, the customers of some customer groups, named customers, or holders of a module permission. */
export const NewsAudience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('customerGroups'), ids: AudienceIds }),
  z.strictObject({ kind: z.literal('customers'), ids: AudienceIds }),
  z.strictObject({
    kind: z.literal('permission'),
    permission: z.string().check(
      z.maxLength(80),
      z.refine((p) => NEWS_AUDIENCE_PERMISSIONS.includes(p), 'Not a module permission'),
    ),
  }),
]);
export type NewsAudience = z.infer<typeof NewsAudience>;

const Instant = z.iso.datetime({ offset: true }).check(z.maxLength(40));

/** A document's id or path in the documents bucket: no `..`, no leading slash, no control characters. */
export const NewsDocumentId = z.string().check(
  z.minLength(1),
  z.maxLength(NEWS_LIMITS.documentId),
  z.refine(
    (id) => !id.startsWith('/') && !id.includes('\\') && !id.split('/').includes('..') && ![...id].some((c) => c.charCodeAt(0) < 32),
    'A document id is a relative path without ".."',
  ),
);

export const NewsInput = z.object({
  texts: NewsTexts,
  publishFrom: Instant,
  expireAt: z.optional(z.nullable(Instant)),
  audience: NewsAudience,
  important: z.boolean(),
  documentId: z.optional(z.nullable(NewsDocumentId)),
});
export type NewsInput = z.infer<typeof NewsInput>;

/** An edit names the version it was made on: a save of an item changed meanwhile is refused (409). */
export const NewsUpdate = z.extend(NewsInput, { baseVersion: z.number().check(z.int(), z.gte(1), z.lte(1_000_000)) });
export type NewsUpdate = z.infer<typeof NewsUpdate>;

/** A stored item as its editors see it. */
export const NewsItem = z.extend(NewsInput, {
  newsId: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NewsLanguageSchema = z.enum(NEWS_LANGUAGES);

/** One entry of a reader's list, in the reader's language (else English). */
export const NewsSummary = z.object({
  newsId: z.string(),
  language: NewsLanguageSchema,
  title: z.string(),
  publishFrom: z.string(),
  expireAt: z.nullable(z.string()),
  important: z.boolean(),
  documentId: z.nullable(z.string()),
  read: z.boolean(),
});
export type NewsSummary = z.infer<typeof NewsSummary>;
/** GET /news: newest first, with the number of unread ones. */
export const NewsList = z.object({ items: z.array(NewsSummary), unread: z.number() });
export type NewsList = z.infer<typeof NewsList>;
/** GET /news/:newsId (marks it read). */
export const NewsDetail = z.extend(z.omit(NewsSummary, { read: true }), { body: z.string() });
export type NewsDetail = z.infer<typeof NewsDetail>;
/** An item without its bodies, its titles by language (what the live list holds). */
export const NewsHead = z.extend(z.omit(NewsItem, { texts: true }), { titles: z.partialRecord(NewsLanguageSchema, z.string()) });
export type NewsHead = z.infer<typeof NewsHead>;
/** GET /news/manage: the live items (not expired, not withdrawn; future ones too), newest first, for editors. */
export const NewsManageList = z.object({ items: z.array(NewsHead) });
export type NewsManageList = z.infer<typeof NewsManageList>;
export const NewsWithdrawn = z.object({ newsId: z.string(), withdrawn: z.literal(true) });

/** The language of a locale (`de-DE`, `de-de` → de); anything else → en. */
export function newsLanguageOf(locale: string): NewsLanguage {
  const language = locale.slice(0, 2).toLowerCase();
  return NEWS_LANGUAGES.find((l) => l === language) ?? 'en';
}

/** The text in the reader's language, else English. */
export function newsTextFor(texts: NewsTexts, language: NewsLanguage): { language: NewsLanguage; text: NewsText } {
  const text = texts[language];
  return text ? { language, text } : { language: 'en', text: texts.en };
}

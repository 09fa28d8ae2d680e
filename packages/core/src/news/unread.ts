import * as z from '../shared/zod.ts';

/**
 * GET /news/unread: the connect shell's badge. Apart from news.ts: the shell imports it on every connect page,
 * and a bundler places a module whole, so the news screens' and editor's schemas would ride with the shell (ADR 132).
 */
export const NewsUnread = z.object({ unread: z.number() });
export type NewsUnread = z.infer<typeof NewsUnread>;

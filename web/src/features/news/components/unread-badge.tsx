import { NewsUnread } from '@portal/core/news';
import useSWR from 'swr';
import { useT } from '../../../i18n/index.ts';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { resourceKey, SECTION_READ } from '../../../lib/resource-client.ts';

// Self-contained (no import of the section's api module): it ships with the connect shell.
const quiet = { portal: 'connect', notify: false, authDialog: false } as const;
const unread = () => api(quiet).news.unread;

/**
 * The unread news count beside "News" (ADR 081): one call, cached like a section read and read again each
 * five minutes and after the section's reads and writes (its key is on the `news` route: refreshNews); 0 when none or failed.
 */
export function useNewsUnread(enabled = true): number {
  const at = unread();
  const { data } = useSWR(
    enabled ? resourceKey('connect', 'news', 'get', at.$path()) : null,
    async () => readJson(await unread().$get(), NewsUnread, quiet),
    { ...SECTION_READ, refreshInterval: 300_000 },
  );
  return data?.unread ?? 0;
}

/** Beside "News" in the connect navigation; nothing when zero. */
export function NewsUnreadBadge() {
  const t = useT();
  const count = useNewsUnread();
  if (!count) return null;
  return (
    <span
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
      aria-label={t('connect.newsUnread', { count })}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

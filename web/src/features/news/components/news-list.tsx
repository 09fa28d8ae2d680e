import type { ReactNode } from 'react';
import { QueryState, type QueryStateProps } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';

/**
 * A news page's list (the reader's and the publisher's): loading, failure and "no news" in the news words,
 * then one row an item in a card, newest first as the server sends them.
 */
export function NewsList<T extends { items: readonly { newsId: string }[] }>({
  result,
  idle = false,
  emptyText,
  row,
}: {
  result: QueryStateProps<T>['result'];
  idle?: boolean;
  /** The empty state's text under "No news". */
  emptyText: string;
  row: (item: T['items'][number]) => ReactNode;
}) {
  const t = useT();
  return (
    <QueryState
      result={result}
      idle={idle}
      failedMessage={t('news.loadFailed')}
      retryLabel={t('news.retry')}
      loadingLabel={t('news.loading')}
      isEmpty={(data) => data.items.length === 0}
      empty={{ title: t('news.empty.title'), text: emptyText }}
    >
      {(data) => (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {data.items.map(row)}
        </ul>
      )}
    </QueryState>
  );
}

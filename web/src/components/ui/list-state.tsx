import type { ReactNode } from 'react';
import { ListEmpty } from './list-empty.tsx';
import { LoadFailed } from './load-failed.tsx';
import type { QueryStateProps } from './query-state.tsx';

/**
 * The states of a searched list inside a card (QueryState's order, a card's look): failed without data →
 * LoadFailed, padded in the card; loading without data → `loading`; no items → a ListEmpty of `empty`
 * (what the search found nothing for, or that there is nothing); then the list.
 */
export function ListState<T extends { items: readonly unknown[] }>({
  result: { data, error, isLoading, mutate },
  failedMessage,
  retryLabel,
  loading,
  empty,
  children,
}: Pick<QueryStateProps<T>, 'result' | 'failedMessage' | 'retryLabel' | 'children'> & {
  loading: ReactNode;
  empty: Parameters<typeof ListEmpty>[0];
}) {
  if (error && !data) {
    return <LoadFailed message={failedMessage} retryLabel={retryLabel} onRetry={() => void mutate()} error={error} className="p-5" />;
  }
  if (!data) return isLoading ? loading : null;
  if (data.items.length === 0) return <ListEmpty {...empty} />;
  return children(data);
}

import type { ReactNode } from 'react';
import { FullPageSpinner } from './card.tsx';
import { EmptyState, type EmptyStateProps } from './empty-state.tsx';
import { LoadFailed } from './load-failed.tsx';

export interface QueryStateProps<T> {
  /** The SWR answer: while a new key loads, the previous data (keepPreviousData) stays on screen. */
  result: { data: T | undefined; error: unknown; isLoading: boolean; mutate: () => unknown };
  /** Nothing can be asked (no query, e.g. the filter has a problem): nothing is shown. */
  idle?: boolean;
  /** What could not be loaded, the retry button's text, and the spinner's label. */
  failedMessage: string;
  retryLabel: string;
  loadingLabel: string;
  /**
   * Whether the data is an empty answer; an EmptyState of `empty` is shown instead of the children then
   * (its heading an h2 unless said: the panel sits under its screen's h1).
   */
  isEmpty?: (data: T) => boolean;
  empty?: EmptyStateProps;
  children: (data: T) => ReactNode;
}

/**
 * The states of a panel loaded with SWR, in one order: nothing asked → nothing; failed without data →
 * LoadFailed (inline, with a retry; nothing for a 401/403, whose dialog is open); loading without data →
 * the spinner; an empty answer → its EmptyState; then the data.
 */
export function QueryState<T>({
  result: { data, error, isLoading, mutate },
  idle = false,
  failedMessage,
  retryLabel,
  loadingLabel,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (idle) return null;
  if (error && !data) {
    return <LoadFailed message={failedMessage} retryLabel={retryLabel} onRetry={() => void mutate()} layout="inline" error={error} />;
  }
  if (!data) return isLoading ? <FullPageSpinner label={loadingLabel} /> : null;
  if (isEmpty?.(data)) return empty ? <EmptyState heading="h2" {...empty} /> : null;
  return children(data);
}

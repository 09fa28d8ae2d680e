import { ApiError } from '../../lib/api-client.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

export interface LoadFailedProps {
  /** What could not be loaded ('Could not load the stores.'). */
  message: string;
  /** The retry button's text ('Try again'). */
  retryLabel: string;
  onRetry: () => void;
  /** Extra classes of the outer element (padding inside a card, say). */
  className?: string;
  /**
   * 'stacked' (default): the message in a red alert with a secondary retry button under it.
   * 'inline': the message as the alert's title with a text retry button inside the alert.
   */
  layout?: 'stacked' | 'inline';
  /** The failure. A 401/403 shows nothing here: the fetch wrapper has opened the auth-required dialog. */
  error?: unknown;
}

/**
 * A load that failed, announced to screen readers, with a way to try again — unless the API refused the
 * caller (401/403): that cannot succeed on a retry, and the auth-required dialog already says why
 * (SPEC 6, 8), so nothing is shown behind it.
 */
export function LoadFailed({ message, retryLabel, onRetry, className = '', layout = 'stacked', error }: LoadFailedProps) {
  if (error instanceof ApiError && error.isAuthFailure) return null;
  if (layout === 'inline') {
    return (
      <Alert theme="red" role="alert" title={message} className={className}>
        <Button theme="text" className="-ml-3 mt-1" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Alert>
    );
  }
  return (
    <div className={`space-y-3 ${className}`}>
      <Alert theme="red" role="alert">
        {message}
      </Alert>
      <Button theme="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode } from '../../lib/api-client.ts';
import { LoadFailed } from './load-failed.tsx';

/**
 * ADR 017: a 401/403 is answered by the auth-required dialog (the fetch wrapper opens it, SPEC 6,
 * 8); the panel behind it offers no retry of a call that cannot succeed.
 */
describe('LoadFailed', () => {
  const props = { message: 'Could not load the retailers.', retryLabel: 'Try again', onRetry: () => undefined };

  it('shows nothing, and no retry, for a 401 or 403', () => {
    for (const status of [401, 403]) {
      expect(LoadFailed({ ...props, error: new ApiError(status, { code: 'ORDERING.FORBIDDEN', message: 'No' }) })).toBeNull();
    }
  });

  it('offers a retry for failures that may pass', () => {
    expect(LoadFailed({ ...props, error: new ApiError(0, { code: ClientErrorCode.network, message: '' }) })).not.toBeNull();
    expect(LoadFailed({ ...props, error: new ApiError(500, { code: 'SERVER.INTERNAL', message: '' }) })).not.toBeNull();
    expect(LoadFailed(props)).not.toBeNull();
  });
});

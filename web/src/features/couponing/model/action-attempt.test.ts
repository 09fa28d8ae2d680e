import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode } from '../../../lib/api-client.ts';
import { attemptFor, outcomeUnknown } from './action-attempt.ts';
import type { ActionRequest } from '../api/serial-check.ts';

const request: ActionRequest = { serial: '7000100000000012', ean: '4012345100020', action: 'void', terminalId: 'T-1' };
let n = 0;
const gen = () => `key-${String(++n).padStart(16, '0')}`;

describe('the Idempotency-Key of a coupon action', () => {
  it('is fresh for a new click and kept for a retry of the same request', () => {
    const first = attemptFor(null, request, gen);
    expect(attemptFor(first, { ...request }, gen)).toBe(first);
    for (const other of [
      { ...request, action: 'deactivate' as const },
      { ...request, terminalId: 'T-2' },
      { ...request, ean: '4012345100013' },
      { ...request, serial: '7000100000000013' },
    ]) {
      expect(attemptFor(first, other, gen).key).not.toBe(first.key);
    }
  });

  it('stays open only while the outcome is unknown', () => {
    expect(outcomeUnknown(new ApiError(0, { code: ClientErrorCode.network, message: '' }))).toBe(true);
    expect(outcomeUnknown(new ApiError(502, { code: 'CLIENT.HTTP_502', message: '' }))).toBe(true);
    expect(outcomeUnknown(new ApiError(201, { code: ClientErrorCode.invalidResponse, message: '' }))).toBe(true);
    expect(outcomeUnknown(new TypeError('failed to fetch'))).toBe(true);
    expect(outcomeUnknown(new ApiError(409, { code: 'COUPON.TRANSITION_NOT_ALLOWED', message: 'x' }))).toBe(false);
    expect(outcomeUnknown(new ApiError(400, { code: 'REQUEST.VALIDATION_FAILED', message: 'x' }))).toBe(false);
    expect(outcomeUnknown(new ApiError(403, { code: 'PERMISSION.DENIED', message: 'x' }))).toBe(false);
  });
});

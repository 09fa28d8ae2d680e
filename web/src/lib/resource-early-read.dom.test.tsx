import * as z from '@portal/core/zod';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { cache, SWRGlobalState } from 'swr/_internal';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBackend } from '../test/dom.tsx';
import { firstReads, sendFirstReads } from './first-reads.ts';
import { type Client, resource, useResourceGet } from './resource-client.ts';

/**
 * A resource the page's first reads asked for (the master data of a deep link into a connect section, ADR 135) is
 * taken over as the module defining it runs (ADR 139): its screen's first render has the answer, read once, parsed
 * with its contract; a failed first read is left to the screen's own read.
 */
const Customers = z.object({ customers: z.array(z.object({ customerId: z.string() })) });
const masterData = (client: Client) => client['master-data'];
const answer = { customers: [{ customerId: 'P-2001' }] };

afterEach(() => {
  cleanup();
  firstReads.clear();
  // Every test reads the same key: forget SWR's answers and its request markers (kept for the client's 5-minute dedupe).
  for (const key of [...cache.keys()]) cache.delete(key);
  const [, mutations, fetches, preloads] = SWRGlobalState.get(cache) ?? [];
  for (const markers of [mutations, fetches, preloads]) for (const key of Object.keys(markers ?? {})) delete markers?.[key];
});

/** The data each render of a useResourceGet saw, in order. */
function renders(res: Parameters<typeof useResourceGet>[0]) {
  const seen: unknown[] = [];
  const hook = renderHook(() => {
    const { data, error } = useResourceGet(res);
    seen.push(data ?? (error ? 'error' : undefined));
    return data;
  });
  return { hook, seen };
}

describe('a resource the first reads asked for', () => {
  it('is in the cache before its screen renders: the first render has it, and it was read once', async () => {
    const backend = fakeBackend({ 'GET /api/master-data': { body: answer } });
    sendFirstReads('connect', '/connect/transactions');
    const res = resource(masterData, Customers);
    await waitFor(() => expect(backend.callsTo('GET', '/api/master-data')).toHaveLength(1));
    // Let the taken-over answer be parsed and cached (nothing renders yet).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { seen } = renders(res);
    expect(seen[0]).toEqual(answer);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.callsTo('GET', '/api/master-data')).toHaveLength(1);
  });

  it('still checks the answer with its contract', async () => {
    const backend = fakeBackend({ 'GET /api/master-data': { body: { customers: [{ id: 7 }] } } });
    sendFirstReads('connect', '/connect/transactions');
    const res = resource(masterData, Customers);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { seen } = renders(res);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The answer the contract refuses never reaches a render.
    expect(seen.filter((data) => data !== undefined && data !== 'error')).toEqual([]);
    expect(backend.callsTo('GET', '/api/master-data').length).toBeGreaterThanOrEqual(1);
  });

  it('leaves a failed first read to the screen’s own read', async () => {
    const backend = fakeBackend({ 'GET /api/master-data': { status: 403, body: { code: 'AUTH.FORBIDDEN', message: 'no' } } });
    sendFirstReads('connect', '/connect/transactions');
    const res = resource(masterData, Customers);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(firstReads.get('/api/master-data')?.taken).toBeFalsy();
    const { seen } = renders(res);
    expect(seen[0]).toBeUndefined();
    // The screen's own read takes the first read over (one request) and handles its failure as before.
    await waitFor(() => expect(firstReads.get('/api/master-data')?.taken).toBe(true));
    expect(backend.callsTo('GET', '/api/master-data')).toHaveLength(1);
  });

  it('reads nothing early without a first read (the login page, tests)', async () => {
    const backend = fakeBackend({ 'GET /api/master-data': { body: answer } });
    resource(masterData, Customers);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.calls).toHaveLength(0);
  });
});

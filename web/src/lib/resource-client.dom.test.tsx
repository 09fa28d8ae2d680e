import * as z from '@portal/core/zod';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend } from '../test/dom.tsx';
import { ApiError, ClientErrorCode } from './api-client.ts';
import { type Client, LIST_CACHE_MS, resource, useResourceGet, useResourceList, useResourcePage } from './resource-client.ts';

// The hooks use SWR's default cache, as the app does (writes drop it through the global mutate); each
// test names its own route, so no test sees another's cached answers.
// SWR re-renders only for the fields a render read, so each hook is read through `watch`.
const watch = <T, E>(read: () => { data?: T; error?: E }) =>
  renderHook(() => {
    const { data, error } = read();
    return { data, error };
  });
let routeNo = 0;
const newRoute = () => `flow/test-${++routeNo}`;
/** The typed client names no test route, so a test walks the client to its own (as a route value would). */
type Walk = { readonly [part: string]: Walk };
const at = (route: string) => (client: Client) => route.split('/').reduce((node, part) => node[part]!, client as unknown as Walk);

const Request = z.object({ id: z.string(), status: z.string() });
const page = (items: unknown[], index = 0, maxResults = 1000, totalCount = items.length) => ({
  body: { items, index, maxResults, totalCount },
});
const one = { id: 'r1', status: 'open' };

beforeEach(() => {
  // Timers move with real time (so waitFor works) and can be jumped ahead by the 5-minute cache life.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the resource client', () => {
  it('reuses a list for 5 minutes (remount, focus) and reads it again after', async () => {
    const route = newRoute();
    const backend = fakeBackend({ [`GET /api/${route}`]: page([one]) });
    const requests = resource(at(route), Request);
    const reads = () => backend.callsTo('GET', `/api/${route}`).length;

    const first = watch(() => useResourceList(requests));
    await waitFor(() => expect(first.result.current.data?.items).toEqual([one]));
    first.unmount();

    // A minute later (past SWR's own 2 s dedupe and 5 s focus throttle): mount and focus read nothing.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const again = watch(() => useResourceList(requests));
    expect(again.result.current.data?.items).toEqual([one]); // from the cache, at once
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(LIST_CACHE_MS - 62_000);
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(100);
    });
    again.unmount();
    expect(reads()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    const later = watch(() => useResourceList(requests));
    await waitFor(() => expect(reads()).toBe(2));
    later.unmount();
  });

  it('drops the cache after a write: the list on screen and an entity read later are read again', async () => {
    const route = newRoute();
    const backend = fakeBackend({
      [`GET /api/${route}`]: page([one]),
      [`GET /api/${route}/r1`]: { body: one },
      [`POST /api/${route}`]: { body: { id: 'r2', status: 'open' } },
      [`PUT /api/${route}/r1`]: { body: { id: 'r1', status: 'approved' } },
      [`DELETE /api/${route}/r1`]: { body: null },
    });
    const requests = resource(at(route), Request);
    const list = watch(() => useResourceList(requests));
    const entity = watch(() => useResourceGet(requests, { id: 'r1' }));
    await waitFor(() => expect(list.result.current.data).toBeDefined());
    await waitFor(() => expect(entity.result.current.data).toEqual(one));
    entity.unmount();

    expect(await requests.create({ status: 'open' })).toEqual({ id: 'r2', status: 'open' });
    expect(backend.callsTo('POST', `/api/${route}`)[0]!.body).toEqual({ status: 'open' });
    await waitFor(() => expect(backend.callsTo('GET', `/api/${route}`)).toHaveLength(2));

    expect(await requests.update('r1', { status: 'approved' })).toEqual({ id: 'r1', status: 'approved' });
    await waitFor(() => expect(backend.callsTo('GET', `/api/${route}`)).toHaveLength(3));

    await requests.remove('r1');
    await waitFor(() => expect(backend.callsTo('GET', `/api/${route}`)).toHaveLength(4));

    // The entity was not on screen: it is read again when next used, well within 5 minutes.
    const entityAgain = watch(() => useResourceGet(requests, { id: 'r1' }));
    await waitFor(() => expect(backend.callsTo('GET', `/api/${route}/r1`)).toHaveLength(2));
    entityAgain.unmount();
    list.unmount();
  });

  it('page() sends index, maxResults and the filters and derives the pagination', async () => {
    const route = newRoute();
    const backend = fakeBackend({ [`GET /api/${route}`]: page([one], 2, 25, 60) });
    const requests = resource(at(route), Request);

    const answer = await requests.page({ index: 2, maxResults: 25, status: 'open', type: ['a', 'b'], none: undefined });
    const sent = backend.callsTo('GET', `/api/${route}`)[0]!.query;
    expect(sent.get('index')).toBe('2');
    expect(sent.get('maxResults')).toBe('25');
    expect(sent.get('status')).toBe('open');
    expect(sent.getAll('type')).toEqual(['a', 'b']);
    expect(sent.has('none')).toBe(false);
    expect(answer.pagination).toEqual({ pageSize: 25, currentPage: 3, pageCount: 3, totalCount: 60 });

    const hook = watch(() => useResourcePage(requests, { index: 2, maxResults: 25, status: 'open' }));
    await waitFor(() => expect(hook.result.current.data?.pagination.currentPage).toBe(3));
    hook.unmount();
  });

  it('list() asks without paging: the server answers its default page', async () => {
    const route = newRoute();
    const backend = fakeBackend({ [`GET /api/${route}`]: page([one]) });
    const answer = await resource(at(route), Request).list({ status: 'open' });
    const sent = backend.calls[0]!.query;
    expect([...sent.keys()]).toEqual(['status']);
    expect(answer.pagination).toEqual({ pageSize: 1000, currentPage: 1, pageCount: 1, totalCount: 1 });
  });

  it('builds get URLs from the id and sub-path, each segment encoded; a dot segment is refused', async () => {
    const route = newRoute();
    const Steps = z.array(z.object({ step: z.number() }));
    const backend = fakeBackend({
      [`GET /api/${route}/a%2Fb%3Fc%23d/steps/x%20y`]: { body: [{ step: 1 }] },
      [`GET /api/${route}`]: { body: one },
    });
    const requests = resource(at(route), Request);

    expect(await requests.get('a/b?c#d', 'steps/x y', Steps)).toEqual([{ step: 1 }]);
    expect(backend.calls[0]!.query.toString()).toBe(''); // the '?' of the id did not start a query
    expect(await requests.get()).toEqual(one);
    expect(requests.path({ id: 42, subPath: 'steps' })).toBe(`/api/${route}/42/steps`);

    for (const bad of ['..', '.', '']) {
      await expect(requests.get(bad)).rejects.toMatchObject({ code: ClientErrorCode.invalidRequest });
      await expect(requests.update(bad, {})).rejects.toMatchObject({ code: ClientErrorCode.invalidRequest });
    }
    expect(() => requests.path({ id: 'r1', subPath: 'a/../b' })).toThrow(ApiError);
    expect(backend.calls).toHaveLength(2);
    expect(() => resource(at('flow/../auth'), Request)).toThrow();
  });

  it('treats an answer that does not match the schema as an error, not as data', async () => {
    const route = newRoute();
    fakeBackend({
      [`GET /api/${route}`]: page([{ id: 7, status: 'open' }]),
      [`GET /api/${route}/r1`]: { body: { id: 'r1' } },
    });
    const requests = resource(at(route), Request);
    await expect(requests.list()).rejects.toMatchObject({ code: ClientErrorCode.invalidResponse });

    const hook = watch(() => useResourceGet(requests, { id: 'r1' }));
    await waitFor(() => expect(hook.result.current.error).toBeInstanceOf(ApiError));
    expect(hook.result.current.data).toBeUndefined();
    hook.unmount();
  });

  it('rejects a page answer whose paging is impossible (maxResults 0)', async () => {
    const route = newRoute();
    fakeBackend({ [`GET /api/${route}`]: page([], 0, 0, 0) });
    await expect(resource(at(route), Request).page({ index: 0, maxResults: 0 })).rejects.toMatchObject({
      code: ClientErrorCode.invalidResponse,
    });
  });

  it('hands a server error on as the ApiError the rest of the app uses', async () => {
    const route = newRoute();
    fakeBackend({ [`GET /api/${route}/gone`]: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } } });
    await expect(resource(at(route), Request).get('gone')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

import { XSSI_PREFIX } from '@portal/core/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Location, MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { expect, vi } from 'vitest';
import { AppRoutes } from '../app/router.tsx';

/**
 * Route-level tests (`*.dom.test.tsx`, the 'web-dom' vitest project: happy-dom). A screen is rendered
 * through the real route table, guards and layouts, against a fake backend: the pattern every feature's
 * flow tests follow.
 */

/** One request the screen sent: method, path (without the query), parsed query and JSON body. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Extra response headers (e.g. a 429's Retry-After). */
  headers?: Record<string, string>;
}
/** Answers by `'METHOD /api/path'`; a function answers from the call. Anything else is a 404. */
export type FakeRoutes = Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)>;

/**
 * Replaces `fetch` with a fake backend that answers like the API does (XSSI prefix, JSON error bodies) and
 * records every call. Undone by the setup file after each test.
 */
export function fakeBackend(routes: FakeRoutes) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://portal.test');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: FakeCall = { method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer =
      typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    return new Response(`${XSSI_PREFIX}${JSON.stringify(answer.body ?? null)}`, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  /** Waits until `count` calls to `METHOD path` were sent, then gives the last one's query as an object. */
  const queryOfCall = async (method: string, path: string, count: number) => {
    await waitFor(() => expect(callsTo(method, path)).toHaveLength(count));
    return Object.fromEntries(callsTo(method, path)[count - 1]!.query);
  };
  /** Waits until `count` calls to `METHOD path` were sent, then gives the last one's JSON body. */
  const bodyOfCall = async (method: string, path: string, count: number) => {
    await waitFor(() => expect(callsTo(method, path)).toHaveLength(count));
    return callsTo(method, path)[count - 1]!.body;
  };
  return { calls, fetch, callsTo, queryOfCall, bodyOfCall };
}

/**
 * Renders the app at `path` (a URL of lib/paths.ts) with a fresh SWR cache. `location()` is where a flow
 * went (the router's current location).
 */
export function renderRoute(path: string) {
  const current: { location?: Location } = {};
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </SWRConfig>,
  );
  return { location: () => current.location!, ...view };
}

/** Types into the fields named by their labels, one `fireEvent.change` each, in the order given. */
export function fillFields(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The texts of a table row's column headers, as a reader sees them. */
export const headerTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

/** The texts of a table row's cells. */
export const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** Every body row's cell texts (the first row holds the headers). */
export const bodyCellTexts = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map(cellTexts);

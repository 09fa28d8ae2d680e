import { pageOf, type Pagination, type Portal, toPagination } from '@portal/core/shared';
import type * as z from '@portal/core/zod';
import useSWR, { mutate } from 'swr';
import { ApiError, ClientErrorCode, fetchFor, readJson } from './api-client.ts';
import { KeyScope } from './query-keys.ts';

/**
 * The generic resource client of the connect portal (SPEC 7, ADR 030): list, get (optional id and
 * sub-path), create, update at {route}/{id}, delete, and the paged list with `index` and `maxResults`,
 * for the connect routes whose screens share one shape (flow/workflow-requests, ...).
 *
 *   const requests = resource('flow/workflow-requests', WorkflowRequest);
 *   const { data } = useResourcePage(requests, { index: 0, maxResults: 25, status: 'open' });
 *   await requests.update(id, { approved: 1 }); // drops the cached answers; lists on screen re-read
 *
 * Every call goes through the one fetch wrapper (portal header, XSSI prefix, ApiError, snack, auth
 * dialog) and every answer through its zod schema (`readJson`): a mismatch is CLIENT.INVALID_RESPONSE.
 * The hooks cache an answer for LIST_CACHE_MS (SPEC 9: 5 minutes): no request on mount, focus or
 * reconnect within that time. Any write drops every cached answer of the resource client in its portal.
 */

/** SPEC 9 "List cache lifetime": how long a read answer is reused without asking again. */
export const LIST_CACHE_MS = 300_000;

type FilterValue = string | number | boolean | undefined | readonly (string | number)[];
/** Query-string filters of a list; undefined values are left out, arrays repeat the name. */
export type Filters = Record<string, FilterValue>;
/** A paged read: zero-based page `index`, page size `maxResults` (core paging.ts), and the filters. */
export type PageQuery = { index: number; maxResults: number } & Filters;

/** An entity's id: one path segment however it is spelled (numbers are written out). */
export type Id = string | number;

/** A list answer (core `pageOf`) with what the screen shows of its paging. */
export type ResourcePage<T> = { items: T[]; index: number; maxResults: number; totalCount: number; pagination: Pagination };

export interface Resource<Item extends z.ZodMiniType, Body> {
  readonly route: string;
  readonly portal: Portal;
  readonly item: Item;
  /** GET {route}: the first page at the server's default size (DEFAULT_LIST_PAGE_SIZE). */
  list(filters?: Filters): Promise<ResourcePage<z.infer<Item>>>;
  /** GET {route}?index&maxResults&filters. */
  page(query: PageQuery): Promise<ResourcePage<z.infer<Item>>>;
  /** GET {route}[/{id}][/{subPath}], read with `schema` (default: the item's). */
  get<S extends z.ZodMiniType = Item>(id?: Id, subPath?: string, schema?: S): Promise<z.infer<S>>;
  /** POST {route}: answers the created item. */
  create(body: Body): Promise<z.infer<Item>>;
  /** PUT {route}/{id}: answers the updated item. */
  update(id: Id, body: Body): Promise<z.infer<Item>>;
  /** DELETE {route}/{id}. */
  remove(id: Id): Promise<void>;
}

const ROUTE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

function invalidRequest(message: string): ApiError {
  return new ApiError(0, { code: ClientErrorCode.invalidRequest, message });
}

/**
 * One path segment from a value (an id, a part of a sub-path): percent-encoded, so '/', '?' or '#' stay
 * inside it. '.' and '..' are refused: a URL resolves them (encoded too) and would leave the route.
 */
function segment(id: Id): string {
  const value = String(id);
  if (value === '' || value === '.' || value === '..') throw invalidRequest(`not a path segment: '${value}'`);
  return encodeURIComponent(value);
}

/** /api/{route}[/{id}][/{sub}/{path}]: the sub-path's own '/' separate segments, each encoded. */
export function resourcePath(route: string, id?: Id, subPath?: string): string {
  const parts = [`/api/${route}`];
  if (id !== undefined) parts.push(segment(id));
  if (subPath !== undefined) parts.push(...subPath.split('/').map(segment));
  return parts.join('/');
}

/** The query string of a read, in name order so one query has one cache key. */
export function queryString(filters: Filters = {}): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(filters).sort()) {
    const value = filters[name];
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The SWR key of a read: `[scope, portal, route, what, path and query]` (lib/query-keys.ts). */
const readKey = (res: { portal: Portal; route: string }, what: 'list' | 'get', url: string) =>
  [KeyScope.resource, res.portal, res.route, what, url] as const;

/** Drops every cached answer of the resource client in `portal`; those on screen are read again. */
export const dropResourceCache = (portal: Portal) =>
  mutate((key: unknown) => Array.isArray(key) && key[0] === KeyScope.resource && key[1] === portal, undefined, {
    revalidate: true,
  });

/**
 * A resource at `/api/{route}` whose entities `item` describes. `Body` is what create and update send
 * (the server validates it). The portal defaults to connect, where SPEC 7 places this client.
 */
export function resource<Item extends z.ZodMiniType, Body = Partial<z.input<Item>>>(
  route: string,
  item: Item,
  options: { portal?: Portal } = {},
): Resource<Item, Body> {
  if (!ROUTE.test(route)) throw new Error(`resource route must be kebab-case segments: '${route}'`);
  const portal = options.portal ?? 'connect';
  const page = pageOf(item);
  const send = (url: string, init?: RequestInit) => fetchFor({ portal })(url, init);
  const readPage = async (url: string): Promise<ResourcePage<z.infer<Item>>> => {
    const answer = (await readJson(await send(url), page)) as Omit<ResourcePage<z.infer<Item>>, 'pagination'>;
    return { ...answer, pagination: toPagination(answer) };
  };
  // A write may have changed what any list shows (SPEC 7: "the cache is dropped after any write"), even
  // when its answer never arrived; so the drop follows every write that was sent, whatever its outcome.
  const write = async <T>(url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<T> => {
    const sending = send(url, { ...init, headers: { 'Content-Type': 'application/json' } });
    try {
      return await read(await sending);
    } finally {
      void dropResourceCache(portal);
    }
  };
  const json = (body: unknown) => JSON.stringify(body ?? null);

  return {
    route,
    portal,
    item,
    list: (filters) => readPage(resourcePath(route) + queryString(filters)),
    page: (query) => readPage(resourcePath(route) + queryString(query)),
    get: async <S extends z.ZodMiniType = Item>(id?: Id, subPath?: string, schema?: S) =>
      readJson(await send(resourcePath(route, id, subPath)), (schema ?? item) as S),
    create: (body) => write(resourcePath(route), { method: 'POST', body: json(body) }, (r) => readJson(r, item)),
    update: async (id, body) => {
      const url = resourcePath(route, id); // an invalid id rejects before anything is sent
      return write(url, { method: 'PUT', body: json(body) }, (r) => readJson(r, item));
    },
    remove: async (id) => {
      const url = resourcePath(route, id);
      return write(url, { method: 'DELETE' }, async () => undefined);
    },
  };
}

/** SWR's options for every read of the client: an answer is reused for LIST_CACHE_MS (see above). */
const cached = { dedupingInterval: LIST_CACHE_MS } as const;

/** The first page of a resource's list (GET {route}); null filters = nothing to ask yet. */
export function useResourceList<Item extends z.ZodMiniType, Body>(res: Resource<Item, Body>, filters: Filters | null = {}) {
  const url = filters ? resourcePath(res.route) + queryString(filters) : null;
  return useSWR(url ? readKey(res, 'list', url) : null, () => res.list(filters ?? {}), cached);
}

/** One page of a resource's list; the previous page stays shown while the next one loads. */
export function useResourcePage<Item extends z.ZodMiniType, Body>(res: Resource<Item, Body>, query: PageQuery | null) {
  const url = query ? resourcePath(res.route) + queryString(query) : null;
  return useSWR(url ? readKey(res, 'list', url) : null, () => res.page(query!), { ...cached, keepPreviousData: true });
}

/** One entity (or a sub-path of it); `enabled: false` = nothing to ask yet. */
export function useResourceGet<Item extends z.ZodMiniType, Body, S extends z.ZodMiniType = Item>(
  res: Resource<Item, Body>,
  at: { id?: Id; subPath?: string; schema?: S; enabled?: boolean } = {},
) {
  let url: string | null = null;
  let invalid: ApiError | undefined;
  try {
    url = at.enabled === false ? null : resourcePath(res.route, at.id, at.subPath);
  } catch (error) {
    invalid = error as ApiError;
  }
  const swr = useSWR(url ? readKey(res, 'get', url) : null, () => res.get(at.id, at.subPath, at.schema), cached);
  // An id that cannot be asked for is shown as the error it is, like a failed read.
  return invalid ? { ...swr, error: invalid } : swr;
}

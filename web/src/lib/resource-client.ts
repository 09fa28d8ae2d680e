import { IDEMPOTENCY_HEADER, pageOf, type Pagination, type Portal, toPagination } from '@portal/core/shared';
import type * as z from '@portal/core/zod';
import useSWR, { mutate, preload } from 'swr';
import { firstReadAnswered } from './api-first-reads.ts';
import { api } from './api.ts';
import { ApiError, ClientErrorCode, readJson } from './api-client.ts';
import { KeyScope } from './query-keys.ts';

/**
 * The connect portal's calls, on the typed client (ADR 030, ADR 057): every call is an `hc<AppType>` call
 * (lib/api.ts, over the one fetch wrapper) and every answer is read with its core contract (`readJson`).
 *
 * - `sectionCalls(portal, afterWrite)`: a section's own typed calls, failures shown in place (no snack);
 *   a write re-reads the section's answers (`afterWrite`) whatever its outcome.
 * - `routeSection(portal, routes)`: sectionCalls whose reads are keyed by route and whose writes re-read
 *   the answers of those routes.
 * - `resource(at, item)`: the generic resource client (SPEC 7): list, get (optional id and sub-path),
 *   create, update at {route}/{id}, delete, and the paged list with `index` and `maxResults`, on the
 *   route the typed client names.
 *
 *   const masterData = resource((c) => c['master-data'], MasterData);
 *   const { data } = useResourceGet(masterData);
 *
 * The hooks cache an answer for LIST_CACHE_MS (SPEC 9: 5 minutes): no request on mount, focus or
 * reconnect within that time. Any write of a resource drops every cached answer of the client in its portal.
 * SWR keys are `[scope, portal, route, kind, path]`, the path (with its query) as the typed client writes it.
 */

/** SPEC 9 "List cache lifetime": how long a read answer is reused without asking again. */
export const LIST_CACHE_MS = 300_000;

/** The typed client at /api (lib/api.ts). */
export type Client = ReturnType<typeof api>;
/** What a typed call answers, as readJson reads it. */
type Answer = { status: number; json(): Promise<unknown> };

/** The SWR key of a read: `[scope, portal, route, kind, path and query]` (lib/query-keys.ts). */
export const resourceKey = (portal: Portal, route: string, kind: 'list' | 'get', path: string) =>
  [KeyScope.resource, portal, route, kind, path] as const;

/** A read's SWR key as resourceKey builds it. */
export type ResourceKey = ReturnType<typeof resourceKey>;

/** Whether a cached SWR key is a resource-client answer of `portal`. */
export const isResourceKey = (key: unknown, portal: Portal): key is ResourceKey =>
  Array.isArray(key) &&
  key.length === 5 &&
  key[0] === KeyScope.resource &&
  key[1] === portal &&
  typeof key[2] === 'string' &&
  (key[3] === 'list' || key[3] === 'get') &&
  typeof key[4] === 'string';

/** SWR's options for a section's reads (sectionCalls): reused for LIST_CACHE_MS, not read again on focus or reconnect, no retry (the screen shows a failure in place). */
export const SECTION_READ = {
  dedupingInterval: LIST_CACHE_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
} as const;

/** A create's idempotency header: a repeat with the same key creates once. */
export const idempotent = (idempotencyKey: string) => ({ [IDEMPOTENCY_HEADER.toLowerCase()]: idempotencyKey });

/**
 * A section whose reads are keyed by route (`key(route, kind, path)`, the resource client's shape, so a logout
 * drops them): its typed calls (sectionCalls), and `refresh`, which every write calls: each answer of the
 * section's `routes` is read again, the shown one kept until then.
 */
export function routeSection(portal: Portal, routes: readonly string[]) {
  const refresh = () => mutate((key: unknown) => isResourceKey(key, portal) && routes.includes(key[2]));
  const key = (route: string, kind: 'list' | 'get', path: string) => resourceKey(portal, route, kind, path);
  return { ...sectionCalls(portal, refresh), key, refresh };
}

/** A query for the typed client: names in order (one query, one cache key), undefined left out, values as text. */
export function queryOf(filters: Filters = {}): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of Object.keys(filters).sort()) {
    const value = filters[name];
    if (value === undefined) continue;
    query[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return query;
}

/**
 * A section's typed calls whose screens show failures in place (codes translated, field issues at their
 * fields), so no snack; a 401/403 still opens the auth dialog. `client()` is the typed client for them;
 * `read` checks an answer with its contract; `write` does too and then calls `afterWrite` (the section's
 * cache refresh) whatever the outcome, since a failed write may have changed something all the same.
 *
 *   const { client, read, write } = sectionCalls('connect', refresh);
 *   read(client().flow.workflows.$get({ query: { customerId } }), WorkflowList);
 */
export function sectionCalls(portal: Portal, afterWrite: () => unknown) {
  const quiet = { portal, notify: false } as const;
  const client = () => api(quiet);
  const read = async <S extends z.ZodMiniType>(call: Promise<Answer>, schema: S): Promise<z.infer<S>> =>
    readJson(await call, schema, quiet);
  async function write<S extends z.ZodMiniType>(call: Promise<Answer>, schema: S): Promise<z.infer<S>> {
    try {
      return await read(call, schema);
    } finally {
      void afterWrite();
    }
  }
  return { client, read, write };
}

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
  /** The route under /api, e.g. 'master-data' (the cache keys' route). */
  readonly route: string;
  readonly portal: Portal;
  readonly item: Item;
  /** The path (and query) a read asks for; throws CLIENT.INVALID_REQUEST for an id that is no segment. */
  path(at?: { id?: Id; subPath?: string; query?: Filters }): string;
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
 * inside it (the typed client puts a param in as it is given). '.' and '..' are refused with
 * CLIENT.INVALID_REQUEST: a URL resolves them (encoded too) and would leave the route.
 */
export function segment(id: Id): string {
  const value = String(id);
  if (value === '' || value === '.' || value === '..') throw invalidRequest(`not a path segment: '${value}'`);
  return encodeURIComponent(value);
}

/** A node of the typed client as the generic client walks it: a route value has no static type. */
type Args = { param?: Record<string, string>; query?: Record<string, string | string[]>; json?: unknown };
interface Node {
  readonly [param: `:${string}`]: Node;
  $get(args?: Args): Promise<Answer>;
  $post(args?: Args): Promise<Answer>;
  $put(args?: Args): Promise<Answer>;
  $delete(args?: Args): Promise<Answer>;
  $path(args?: Args): string;
}

/**
 * The node of {route}[/{id}][/{sub}/{path}] and its params: every segment after the route is a path
 * parameter of the typed client, each one encoded (the client puts params in after its own path rules).
 */
function nodeAt(route: Node, id?: Id, subPath?: string): { node: Node; param: Record<string, string> } {
  const values = [...(id === undefined ? [] : [id]), ...(subPath === undefined ? [] : subPath.split('/'))];
  let node = route;
  const param: Record<string, string> = {};
  values.forEach((value, i) => {
    param[`s${i}`] = segment(value);
    node = node[`:s${i}`]!;
  });
  return { node, param };
}

/** Drops every cached answer of the resource client in `portal`; those on screen are read again. */
export const dropResourceCache = (portal: Portal) =>
  mutate((key: unknown) => Array.isArray(key) && key[0] === KeyScope.resource && key[1] === portal, undefined, {
    revalidate: true,
  });

/**
 * A resource at the typed client's route `at` whose entities `item` describes. `Body` is what create and
 * update send (the server validates it). The portal defaults to connect, where SPEC 7 places this client.
 */
export function resource<Item extends z.ZodMiniType, Body = Partial<z.input<Item>>>(
  at: (client: Client) => object,
  item: Item,
  options: { portal?: Portal } = {},
): Resource<Item, Body> {
  const portal = options.portal ?? 'connect';
  const routeOf = (client: Client) => at(client) as Node;
  const route = routeOf(api())
    .$path()
    .replace(/^\/api\//, '');
  if (!ROUTE.test(route)) throw new Error(`resource route must be kebab-case segments: '${route}'`);
  const page = pageOf(item);
  const client = () => routeOf(api({ portal }));
  const readPage = async (query: Filters): Promise<ResourcePage<z.infer<Item>>> => {
    const answer = (await readJson(await client().$get({ query: queryOf(query) }), page)) as Omit<
      ResourcePage<z.infer<Item>>,
      'pagination'
    >;
    return { ...answer, pagination: toPagination(answer) };
  };
  // A write may have changed what any list shows (SPEC 7: "the cache is dropped after any write"), even
  // when its answer never arrived; so the drop follows every write that was sent, whatever its outcome.
  const write = async <T>(call: Promise<Answer>, read: (answer: Answer) => Promise<T>): Promise<T> => {
    try {
      return await read(await call);
    } finally {
      void dropResourceCache(portal);
    }
  };

  const made: Resource<Item, Body> = {
    route,
    portal,
    item,
    path: ({ id, subPath, query } = {}) => {
      const { node, param } = nodeAt(routeOf(api()), id, subPath);
      return node.$path({ param, query: queryOf(query) });
    },
    list: (filters) => readPage(filters ?? {}),
    page: (query) => readPage(query),
    get: async <S extends z.ZodMiniType = Item>(id?: Id, subPath?: string, schema?: S) => {
      const { node, param } = nodeAt(client(), id, subPath);
      return readJson(await node.$get({ param }), (schema ?? item) as S);
    },
    create: (body) => write(client().$post({ json: body ?? null }), (r) => readJson(r, item)),
    update: async (id, body) => {
      const { node, param } = nodeAt(client(), id); // an invalid id rejects before anything is sent
      return write(node.$put({ param, json: body ?? null }), (r) => readJson(r, item));
    },
    remove: async (id) => {
      const { node, param } = nodeAt(client(), id);
      return write(node.$delete({ param }), async () => undefined);
    },
  };
  readEarly(made);
  return made;
}

/**
 * A resource the page's first reads already asked for (api-first-reads.ts: the master data of a deep link into a
 * connect section, ADR 135) is taken over as its screen's module runs, not after the screen's first render: parsed
 * with its contract and put in SWR's cache under useResourceGet's key, so that render has it, and the screen's own
 * read that needs it (the list's customer) leaves with that render instead of one answer and one render later
 * (ADR 139). The screen's hook then revalidates with this same request (SWR's preload): nothing is sent twice.
 */
function readEarly<Item extends z.ZodMiniType, Body>(res: Resource<Item, Body>): void {
  const path = res.path({ id: undefined, subPath: undefined });
  const answered = firstReadAnswered(path, res.portal);
  if (!answered) return;
  const key = resourceKey(res.portal, res.route, 'get', path);
  void answered
    .then(async (ok) => {
      if (!ok) return;
      const data = await preload(key, () => res.get());
      await mutate(key, data, { revalidate: false });
    })
    .catch(() => undefined);
}

/** SWR's options for every read of the client: an answer is reused for LIST_CACHE_MS (see above). */
const cached = { dedupingInterval: LIST_CACHE_MS } as const;

/** The first page of a resource's list (GET {route}); null filters = nothing to ask yet. */
export function useResourceList<Item extends z.ZodMiniType, Body>(res: Resource<Item, Body>, filters: Filters | null = {}) {
  const key = filters ? resourceKey(res.portal, res.route, 'list', res.path({ query: filters })) : null;
  return useSWR(key, () => res.list(filters ?? {}), cached);
}

/** One page of a resource's list; the previous page stays shown while the next one loads. */
export function useResourcePage<Item extends z.ZodMiniType, Body>(res: Resource<Item, Body>, query: PageQuery | null) {
  const key = query ? resourceKey(res.portal, res.route, 'list', res.path({ query })) : null;
  return useSWR(key, () => res.page(query!), { ...cached, keepPreviousData: true });
}

/** One entity (or a sub-path of it); `enabled: false` = nothing to ask yet. */
export function useResourceGet<Item extends z.ZodMiniType, Body, S extends z.ZodMiniType = Item>(
  res: Resource<Item, Body>,
  at: { id?: Id; subPath?: string; schema?: S; enabled?: boolean } = {},
) {
  let path: string | null = null;
  let invalid: ApiError | undefined;
  try {
    path = at.enabled === false ? null : res.path({ id: at.id, subPath: at.subPath });
  } catch (error) {
    invalid = error as ApiError;
  }
  const swr = useSWR(path ? resourceKey(res.portal, res.route, 'get', path) : null, () => res.get(at.id, at.subPath, at.schema), cached);
  // An id that cannot be asked for is shown as the error it is, like a failed read.
  return invalid ? { ...swr, error: invalid } : swr;
}

import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { sessionCookieName } from '@portal/backend';
import fc from 'fast-check';
import type * as z from '@portal/core/zod';
import type { RouteEntry } from '../route-table.ts';
import { type InputPath, inputLeaves } from '@portal/core/shared';
import { CookieJar } from '../../../tests/support/cookie-jar.ts';
import { type Gates, portalOf, SAMPLES, type Sample } from './route-fixtures.ts';

/**
 * Fuzzing every route (ADR 024): requests built from each route's own zod schemas (the
 * ones its validate(...) middleware registered on the route), then mutated — wrong types, missing and
 * extra fields, huge and unicode strings, NaN/negative/huge numbers, nested junk, bad JSON, path
 * traversal and encoded slashes in ids, repeated query keys. Shared by the short fixed-seed run in
 * route-fuzz.test.ts and the long run of scripts/bench/fuzz-routes.ts.
 */

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value of the schema's shape (not always a valid one: refinements and checks are not modelled). */
export function arbitraryOf(schema: z.ZodMiniType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => arbitraryOf(def[key] as z.ZodMiniType, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodMiniType>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryOf(v, depth + 1)])), {
        requiredKeys: Object.keys(shape).filter((k) => !['optional', 'default'].includes(defOf(shape[k]!).type)),
      });
    }
    case 'string':
      return fc.string({ maxLength: 40 });
    case 'number':
      return def.coerce ? fc.integer({ min: -5, max: 1000 }).map(String) : fc.integer({ min: -5, max: 1000 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(inner('element'), { maxLength: 4 });
    case 'optional':
    case 'default':
      return fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'pipe':
      return inner('in');
    case 'union':
      return fc.oneof(...(def.options as z.ZodMiniType[]).map((o) => arbitraryOf(o, depth + 1)));
    case 'intersection':
      return fc.tuple(inner('left'), inner('right')).map(([a, b]) => ({ ...(a as object), ...(b as object) }));
    default:
      return JUNK;
  }
}

/** encodeURIComponent that takes lone surrogates too (as U+FFFD), so junk strings always make a URL. */
const enc = (text: string) =>
  encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

const HUGE = 'x'.repeat(20_000);
/** Values no field expects. */
export const JUNK: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '0x10',
    '__proto__',
    'constructor',
    HUGE,
    '\u0000',
    '\ud800',
    '😀'.repeat(300),
    'é\u0301'.repeat(50),
    '<script>',
    '../../etc/passwd',
    '%2F..%2F',
    '{"$ne":null}',
    [],
    {},
    [[[[[]]]]],
    { __proto__: { admin: true } },
  ),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.double(),
  fc.integer(),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
);

/** Ids a path parameter must survive: traversal, encoded slashes and dots, control and unicode. */
const PATH_JUNK = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '..%2F..%2Fapi%2Fauth%2Fstatus',
    '%2F',
    '%252F',
    'a%2Fb',
    '%00',
    '%',
    '%zz',
    '%C0%AF',
    'x'.repeat(3000),
    '%F0%9F%98%80',
    'R-1%3Fadmin%3D1',
    '%20',
    '7100000000000001%2Fcheck',
    'NaN',
    '-1',
    '1e400',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(enc),
);

type Mutation = { body: string | undefined; query: string; params: Record<string, string>; headers: Record<string, string> };

const mutateObject = (value: unknown): fc.Arbitrary<unknown> => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return JUNK;
  const keys = Object.keys(value);
  const withKey = (k: string, v: unknown) => ({ ...(value as object), [k]: v });
  return fc.oneof(
    fc.constant(value),
    JUNK,
    keys.length ? fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(value).filter(([x]) => x !== k))) : JUNK,
    keys.length ? fc.tuple(fc.constantFrom(...keys), JUNK).map(([k, v]) => withKey(k, v)) : JUNK,
    fc.tuple(fc.string({ maxLength: 20 }), JUNK).map(([k, v]) => withKey(k, v)),
  );
};

const BAD_JSON = fc.constantFrom('{', '{"a":', '[1,2', 'nul', '"\\u12"', '{"a":1}}', '\u0000', '{"a":NaN}', ' ', 'x'.repeat(50_000));

/** One fuzzed request of a route: its method and path, a body, headers, and whether it carries the session. */
export function requestOf(route: RouteEntry, world: Gates): fc.Arbitrary<{ method: string; sample: Sample }> {
  const input = (target: string) => {
    const found = route.inputs.find((i) => i.target === target);
    if (found && 'load' in found) throw new Error(`${route.method} ${route.path}: loadRouteInputs(routes) first`);
    return found?.schema;
  };
  const seed = SAMPLES[`${route.method} ${route.path}`]?.(world.own);
  const seedBody = seed?.body;
  const seedQuery = seed ? Object.fromEntries(new URL(seed.path, 'http://x').searchParams) : undefined;
  const json = input('json');
  const query = input('query');
  const param = input('param');
  const bodyArb: fc.Arbitrary<string | undefined> =
    route.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          {
            weight: 4,
            arbitrary: (seedBody !== undefined ? fc.constant(seedBody) : json ? arbitraryOf(json) : fc.constant({}))
              .chain(mutateObject)
              .map((v) => JSON.stringify(v) ?? 'undefined'),
          },
          { weight: 1, arbitrary: BAD_JSON },
        );
  const queryArb: fc.Arbitrary<string> = (
    query ? (seedQuery ? fc.constant<unknown>(seedQuery) : arbitraryOf(query)).chain(mutateObject) : fc.constant<unknown>({})
  ).chain((q) =>
    fc.tuple(fc.constant(q), fc.boolean()).map(([value, repeat]) => {
      const pairs: [string, unknown][] =
        value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['q', value]];
      const text = pairs
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
      // Repeated keys: every key once more with another value.
      return (repeat ? [...text, ...pairs.map(([k]) => `${enc(k)}=2`)] : text).join('&');
    }),
  );
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const seedParams = seed ? paramsOf(route.path, new URL(seed.path, 'http://x').pathname) : {};
  const paramArb = fc.tuple(
    ...names.map((name) =>
      fc.oneof(
        fc.constant(seedParams[name] ?? 'X-1'),
        PATH_JUNK,
        param ? arbitraryOf(param).map((v) => enc(String((v as Record<string, unknown>)?.[name] ?? ''))) : PATH_JUNK,
      ),
    ),
  );
  const headerArb = fc.oneof(
    fc.constant(seed?.headers ?? {}),
    fc.constant({}),
    fc
      .constantFrom(
        '',
        'short',
        'x'.repeat(300),
        'ok-key-1234567890',
        '../../',
        '\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9',
      )
      .map((v) => ({
        'Idempotency-Key': v,
      })),
  );
  return fc.record({ body: bodyArb, query: queryArb, params: paramArb, headers: headerArb }).map((m) => {
    const mutation = m as unknown as Mutation & { params: string[] };
    let path = route.path;
    names.forEach((name, i) => {
      path = path.replace(`:${name}`, mutation.params[i] || 'X');
    });
    return {
      method: route.method,
      sample: {
        path: `${path}${mutation.query ? `?${mutation.query}` : ''}`,
        headers: mutation.headers,
        ...(mutation.body === undefined ? {} : { body: mutation.body }),
      },
    };
  });
}

/** How many elements an oversize array has, and how long an oversize string is (ADR 052). */
export const OVERSIZE_ELEMENTS = 10_000;
const LONG_BODY_STRING = 'x'.repeat(100_000);
/** In a URL: long, yet under the 8,192-byte URL limit, so the field's own bound answers rather than the 414. */
const LONG_URL_STRING = 'x'.repeat(7_000);

/** A copy of `value` with `leaf` at `path`; missing objects and arrays on the way are made. */
function setAt(value: unknown, path: InputPath, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = setAt(list[head] ?? (typeof rest[0] === 'number' ? [] : {}), rest, leaf);
    return list;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[head!] = setAt(object[head!] ?? (typeof rest[0] === 'number' ? [] : {}), rest, leaf);
  return object;
}

function getAt(value: unknown, path: InputPath): unknown {
  return path.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined),
    value,
  );
}

/**
 * For every array, record and string of the route's json, query and path input: one request that is the
 * route's valid sample with just that field made huge — 10,000 elements (copies of the sample's own first
 * element, so the elements pass and the count is what is refused), 10,000 keys, a 100,000-character string
 * (7,000 in a URL). Each must be refused (4xx) without a write.
 */
/**
 * The member of a discriminated union the sample's body picks (an export's `kind`): only its fields can be
 * oversize in that body; another member's field there is an unknown key, which the schema drops.
 */
function memberPicked(schema: z.ZodMiniType, body: unknown): z.ZodMiniType {
  const def = defOf(schema);
  const key = def.discriminator as string | undefined;
  if (def.type !== 'union' || !key || typeof body !== 'object' || body === null) return schema;
  const value = (body as Record<string, unknown>)[key];
  const picked = (def.options as z.ZodMiniType[]).find((option) => {
    const field = (defOf(option).shape as Record<string, z.ZodMiniType> | undefined)?.[key];
    return field !== undefined && (defOf(field).values as unknown[] | undefined)?.includes(value);
  });
  return picked ?? schema;
}

export function oversizeRequests(route: RouteEntry, world: Gates): { method: string; sample: Sample; field: string }[] {
  const seed = SAMPLES[`${route.method} ${route.path}`]?.(world.own);
  const url = new URL(seed?.path ?? route.path.replace(/:(\w+)/g, 'X-1'), 'http://x');
  const requests: { method: string; sample: Sample; field: string }[] = [];
  for (const input of route.inputs) {
    if (!('schema' in input)) continue;
    const schema = input.target === 'json' ? memberPicked(input.schema, seed?.body) : input.schema;
    for (const leaf of inputLeaves(schema)) {
      const field = `${input.target}.${leaf.path.join('.')}`;
      if (input.target === 'json') {
        const base = seed?.body ?? {};
        const huge =
          leaf.kind === 'array'
            ? Array.from({ length: OVERSIZE_ELEMENTS }, () => (getAt(base, [...leaf.path, 0]) as unknown) ?? 'x')
            : leaf.kind === 'record'
              ? Object.fromEntries(Array.from({ length: OVERSIZE_ELEMENTS }, (_, i) => [`k${i}`, getAt(base, [...leaf.path, 'k0']) ?? 'x']))
              : LONG_BODY_STRING;
        requests.push({
          method: route.method,
          field,
          sample: { path: url.pathname + url.search, headers: seed?.headers ?? {}, body: setAt(base, leaf.path, huge) },
        });
      } else if (input.target === 'query' && leaf.path.length === 1) {
        const query = new URLSearchParams(url.search);
        query.set(String(leaf.path[0]), leaf.kind === 'string' ? LONG_URL_STRING : Array.from({ length: 1_000 }, () => 'x').join(','));
        requests.push({ method: route.method, field, sample: { path: `${url.pathname}?${query}`, headers: seed?.headers ?? {} } });
      } else if (input.target === 'param' && leaf.path.length === 1 && leaf.kind === 'string') {
        const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        const actual = paramsOf(route.path, url.pathname);
        const path = names.reduce(
          (at, name) => at.replace(`:${name}`, name === leaf.path[0] ? LONG_URL_STRING : (actual[name] ?? 'X-1')),
          route.path,
        );
        requests.push({
          method: route.method,
          field,
          sample: { path: path + url.search, headers: seed?.headers ?? {}, ...(seed?.body === undefined ? {} : { body: seed.body }) },
        });
      }
    }
  }
  return requests;
}

function paramsOf(pattern: string, path: string): Record<string, string> {
  const p = pattern.split('/');
  const a = path.split('/');
  return Object.fromEntries(p.flatMap((part, i) => (part.startsWith(':') ? [[part.slice(1), a[i] ?? '']] : [])));
}

/**
 * Items a refused request must not add: everything but the records that exist to count refusals
 * (sign-in guards and rate limits) and the audit trail of refusals (the sign-in audit, the customer's audit log and
 * its chain head, ADR 114).
 */
export async function itemCount(world: Gates): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await world.backend.db.doc.send(
      new ScanCommand({
        TableName: world.backend.db.table,
        Select: 'COUNT',
        FilterExpression: 'NOT (begins_with(pk, :rate) OR begins_with(pk, :guard) OR begins_with(pk, :audit) OR begins_with(pk, :head))',
        ExpressionAttributeValues: { ':rate': 'RATE#', ':guard': 'LOGINGUARD#', ':audit': 'AUDIT#', ':head': 'AUDITHEAD#' },
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** DynamoDB calls that cannot change an item (the rest, unknown names included, count as writes). */
const READ_CALL = /^(Get|BatchGet|TransactGet|Query|Scan|Describe|List)/;

/**
 * Whether the world's table may hold another item count than at the last itemCount: true unless every
 * write call (Put, Update, Delete, Batch/TransactWrite, PartiQL …) sent on the backend's client had
 * settled before the last count began and none was sent since. Counted by a middleware on the client
 * (its DocumentClient shares the stack), so a request that wrote nothing skips the Scan: the same item
 * count, read only when it can have changed.
 */
function writeWatch(world: Gates) {
  let started = 0;
  let settled = 0;
  let settledAtCount = -1;
  world.backend.db.raw.middlewareStack.add(
    (next, context) => async (args) => {
      if (READ_CALL.test(context.commandName ?? '')) return next(args);
      started += 1;
      try {
        return await next(args);
      } finally {
        settled += 1;
      }
    },
    { step: 'initialize', name: 'fuzzWriteWatch', override: true },
  );
  return {
    mayHaveChanged: () => started !== settledAtCount,
    async count() {
      settledAtCount = settled;
      return itemCount(world);
    },
  };
}

export type FuzzFinding = { route: string; status: number; problem: string; request: Sample & { method: string }; answer: string };
export type FuzzReport = {
  requests: number;
  byStatus: Record<number, number>;
  findings: FuzzFinding[];
  accepted: number;
  oversize: number;
};

/**
 * Runs `perRoute` fuzzed requests against every route with a fixed seed. Signed-in routes carry the
 * session of a user holding every permission (so input reaches the services); anonymous routes none
 * (a presented session would be signed out). Each answer is checked: never 5xx, every 4xx has
 * {code, message}, and a refused (4xx) request leaves the item count unchanged; an oversize request
 * (oversizeRequests) must be refused.
 */
export async function fuzzRoutes(world: Gates, options: { seed: number; perRoute: number; oversize?: boolean }): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, byStatus: {}, findings: [], accepted: 0, oversize: 0 };
  const writes = writeWatch(world);
  let count = await writes.count();
  for (const [index, route] of world.routes.entries()) {
    const samples = fc.sample(requestOf(route, world), { seed: options.seed + index, numRuns: options.perRoute });
    // Each route on a portal it serves, so input reaches the services (connect-only routes on connect).
    const portal = portalOf(route);
    const jar = route.policy?.auth === 'anonymous' ? null : await liveSession(world, portal);
    // The random mutations, then one oversize request per array, record and string the route takes (ADR 052).
    const oversize = options.oversize === false ? [] : oversizeRequests(route, world);
    for (const { method, sample, field } of [...samples, ...oversize] as { method: string; sample: Sample; field?: string }[]) {
      const res = await world.call(jar, portal, method, sample);
      if (field !== undefined) report.oversize += 1;
      report.requests += 1;
      report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
      const finding = (problem: string) =>
        report.findings.push({
          route: `${route.method} ${route.path}`,
          status: res.status,
          problem,
          request: { method, ...shortened(sample) },
          answer: res.text.slice(0, 300),
        });
      if (res.status >= 500) finding('5xx');
      if (res.status >= 400 && res.status < 500) {
        const body = parse(res.text);
        if (typeof body?.code !== 'string' || typeof body.message !== 'string') finding('4xx without {code, message}');
        const now = writes.mayHaveChanged() ? await writes.count() : count;
        if (now !== count) finding(`refused but wrote ${now - count} item(s)`);
        count = now;
      } else {
        if (field !== undefined && res.status < 400) finding(`accepted an oversize ${field}`);
        report.accepted += 1;
        if (writes.mayHaveChanged()) count = await writes.count();
      }
    }
  }
  return report;
}

/**
 * The full user's session on the portal, made anew when an earlier route ended it: POST
 * account/sessions/end-others, fuzzed with the ordering session, ends the connect one, and every connect
 * route after it would otherwise answer 401 before its input is read. Made by the session store itself,
 * not a sign-in: fuzzed password checks have locked the name by then, and the sign-in route's address
 * budget is spent.
 */
async function liveSession(world: Gates, portal: 'ordering' | 'connect') {
  const name = portal === 'ordering' ? 'full' : `full@${portal}`;
  const status = await world.call(world.jars[name]!, portal, 'GET', { path: '/api/auth/status' });
  if (!status.text.includes('"loggedIn":true')) {
    const { token } = await world.backend.sessions.create('full', world.backend.now(), { portal, method: 'password' });
    world.jars[name] = new CookieJar({ [sessionCookieName(portal)]: token });
  }
  return world.jars[name]!;
}

/** A finding names its request; an oversize one is cut to a readable length. */
function shortened(sample: Sample): Sample {
  const body = sample.body === undefined || typeof sample.body === 'string' ? sample.body : JSON.stringify(sample.body);
  const cut = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text);
  return { ...sample, path: cut(sample.path), ...(body === undefined ? {} : { body: cut(body) }) };
}

function parse(text: string): { code?: unknown; message?: unknown } | undefined {
  try {
    return JSON.parse(text.slice(text.indexOf('{'))) as { code?: unknown; message?: unknown };
  } catch {
    return undefined;
  }
}

import * as z from './zod.ts';

/**
 * What an input schema lets a caller make large (ADR 052): every array, record and string it holds, with
 * the path to it and whether the schema bounds its length. Walks the zod schema objects themselves (their
 * `_zod.def`), not the source text, so a bound hidden in a shared schema counts and a bound missing from a
 * composed one shows. Used by the guardrails over the API routes' inputs (functions/api/route-policy.test.ts)
 * and the import kinds (backend import-bounds.test.ts), and by the route fuzzer's oversize requests; the
 * walk is test code, `maxKeys` and `maxJsonLength` are checks schemas use.
 */

type Check = { _zod: { def: { check: string; format?: string; pattern?: RegExp; params?: { maxKeys?: number } } } };
type Def = { type: string; checks?: Check[]; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** A path into an input: object keys, and array indexes (0: "an element of this array"). */
export type InputPath = (string | number)[];
export type InputLeaf = { kind: 'array' | 'record' | 'string'; path: InputPath; bounded: boolean };

/**
 * A regular expression bounds a string's length when it is anchored at both ends and repeats nothing
 * without an upper limit (`*`, `+`, `{n,}` outside a character class).
 */
export function boundsLength(pattern: RegExp): boolean {
  const source = pattern.source.replace(/\\./g, 'x').replace(/\[[^\]]*\]/g, 'x');
  return source.startsWith('^') && source.endsWith('$') && !/[*+]|\{\d+,\}/.test(source);
}

/**
 * At most `n` keys in a record (zod's size checks see Maps and Sets only). The walker knows it by its
 * `maxKeys` parameter.
 */
export const maxKeys = (n: number) =>
  z.refine<object>((value) => Object.keys(value).length <= n, { message: `At most ${n} entries`, params: { maxKeys: n } });

/** At most `n` characters as JSON: bounds a value of any shape (nested settings, say) as stored. */
export const maxJsonLength = (n: number) =>
  z.refine((value: unknown) => (JSON.stringify(value) ?? '').length <= n, { message: `At most ${n} characters as JSON` });

const LENGTH_CHECKS = new Set(['max_length', 'length_equals', 'max_size', 'size_equals']);
const bounded = (def: Def) =>
  (def.checks ?? []).some(
    (c) =>
      LENGTH_CHECKS.has(c._zod.def.check) ||
      (c._zod.def.check === 'custom' && typeof c._zod.def.params?.maxKeys === 'number') ||
      (c._zod.def.format === 'regex' && !!c._zod.def.pattern && boundsLength(c._zod.def.pattern)),
  );

/** Every array, record and string in the schema, depth first; a union's options share their path. */
export function inputLeaves(schema: z.ZodMiniType): InputLeaf[] {
  const leaves: InputLeaf[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: InputPath) => {
    if (seen.has(node)) return; // recursive schemas: once is enough to judge them
    seen.add(node);
    const def = defOf(node);
    switch (def.type) {
      case 'object':
        for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, [...path, key]);
        if (def.catchall && defOf(def.catchall).type !== 'never' && defOf(def.catchall).type !== 'unknown')
          walk(def.catchall, [...path, '*']);
        break;
      case 'array':
        leaves.push({ kind: 'array', path, bounded: bounded(def) });
        walk(def.element, [...path, 0]);
        break;
      case 'record':
        leaves.push({ kind: 'record', path, bounded: bounded(def) });
        walk(def.valueType, [...path, '*']);
        break;
      case 'string':
        // A string format (an ISO date, a UUID) is a regex too: bounded when its pattern is.
        leaves.push({ kind: 'string', path, bounded: bounded(def) || (def.pattern instanceof RegExp && boundsLength(def.pattern)) });
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        walk(def.innerType, path);
        break;
      case 'pipe':
        walk(def.in, path);
        break;
      case 'union':
        for (const option of def.options as unknown[]) walk(option, path);
        break;
      case 'intersection':
        walk(def.left, path);
        walk(def.right, path);
        break;
      case 'tuple':
        (def.items as unknown[]).forEach((item, i) => walk(item, [...path, i]));
        break;
      default:
        break; // numbers, booleans, enums, literals: fixed size
    }
  };
  walk(schema, []);
  return leaves;
}

/** `a.b.[]` for every array, record or string of the schema with no length bound. */
export function unboundedLeaves(schema: z.ZodMiniType): string[] {
  return inputLeaves(schema)
    .filter((leaf) => !leaf.bounded)
    .map((leaf) => `${leaf.kind} ${leaf.path.map((p) => (typeof p === 'number' ? '[]' : p)).join('.')}`);
}

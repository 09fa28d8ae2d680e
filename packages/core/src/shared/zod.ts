/**
 * The one place zod is imported (ADR 027; eslint forbids `zod` anywhere else). The mini build keeps the
 * bundles small: its functions tree-shake, where classic's methods carry all of zod. Mini ships no locale,
 * so the English one is configured here; every schema gives the same messages classic zod gave.
 *
 * Use it as a namespace: `import * as z from '@portal/core/zod'` (in core: `./zod.ts`), then `z.string()`,
 * `z.optional(s)`, `s.check(z.maxLength(n))`. Never `z.core.X` or `z.locales` as values: a bundler keeps a
 * whole namespace it cannot see through (all of core, every locale); what is needed is exported by name here.
 */
import { config, type core, transform, ZodMiniPipe, type ZodMiniTransform } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
/** The error `parse` throws (classic's `ZodError`); `instanceof $ZodError` also matches its subclasses. */
export { $ZodError } from 'zod/v4/core';

/**
 * Classic's `z.preprocess`, which mini lacks: `fn` maps the raw input, then `schema` checks the result. Built
 * as classic builds it (a pipe from a transform into the schema), so it parses and fails the same way; the
 * cast gives it classic's type (output: the schema's), which mini's `pipe` signature cannot express.
 */
export const preprocess = <A, U extends core.$ZodType, B = unknown>(fn: (input: B) => A, schema: U) =>
  new ZodMiniPipe({ type: 'pipe', in: transform(fn), out: schema }) as unknown as ZodMiniPipe<ZodMiniTransform<A, B>, U>;

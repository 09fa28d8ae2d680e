import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The API Lambda's byte budget (issue 13 item 2), from `budgets.json` at the repo root: the INITIAL part
 * of the minified bundle (entry chunk plus every chunk it imports statically, with code splitting on so
 * `import()`ed parts such as the password list, pdf-lib and qrcode are chunks of their own) stays under
 * the ceiling; `target` is the 1 MB goal. Bytes are deterministic for a checkout, timings are
 * not: cold-start times live in scripts/bench/api-cold-start.ts and docs/benchmarks.md only.
 */
const root = join(import.meta.dirname, '../..');
type Budget = { target: number; ceiling: number };
const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8')) as { api: { initialMinified: Budget } };

function initialBytes(meta: Metafile): number {
  const entry = Object.keys(meta.outputs).find((f) => f.endsWith('/index.mjs'))!;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]!.imports) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(entry);
  return [...seen].reduce((sum, f) => sum + meta.outputs[f]!.bytes, 0);
}

describe('API bundle budget', () => {
  it('keeps the initial part of the minified API bundle under the ceiling in budgets.json', async () => {
    const result = await build({
      absWorkingDir: root,
      entryPoints: { index: 'functions/api/lambda.ts' },
      outdir: join(tmpdir(), 'api-budget'),
      outExtension: { '.js': '.mjs' },
      write: false,
      bundle: true,
      splitting: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      minify: true,
      mainFields: ['module', 'main'],
      metafile: true,
      logLevel: 'error',
    });
    const { ceiling } = budgets.api.initialMinified;
    expect(initialBytes(result.metafile)).toBeLessThanOrEqual(ceiling);
  }, 60_000);
});

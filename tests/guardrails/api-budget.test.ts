import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { initialBytes, SST_LIKE_BUILD } from '../../scripts/checks/api-bundle.ts';
import { describe, expect, it } from 'vitest';

/**
 * The API Lambda's byte budget (ADR 038), from `budgets.json` at the repo root: the INITIAL part
 * of the minified bundle as it deploys (SST_LIKE_BUILD = SST's options + infra/api-bundling.ts: code
 * splitting on, so `import()`ed parts such as the password list, pdf-lib, qrcode and the SES/KMS/Scheduler
 * clients are chunks of their own; the entry chunk plus every chunk it imports statically) stays under
 * the ceiling; `target` is the 1 MB goal. Bytes are deterministic for a checkout, timings are
 * not: cold-start times live in scripts/bench/api-cold-start.ts and docs/benchmarks.md only.
 */
const root = join(import.meta.dirname, '../..');
type Budget = { target: number; ceiling: number };
const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8')) as { api: { initialMinified: Budget } };

describe('API bundle budget', () => {
  it('keeps the initial part of the minified API bundle under the ceiling in budgets.json', async () => {
    const entry = 'functions/api/lambda.ts';
    const result = await build({
      ...SST_LIKE_BUILD,
      absWorkingDir: root,
      entryPoints: [entry],
      outdir: join(tmpdir(), 'api-budget'),
      write: false,
    });
    const { ceiling } = budgets.api.initialMinified;
    expect(initialBytes(result.metafile!, entry)).toBeLessThanOrEqual(ceiling);
  }, 60_000);
});

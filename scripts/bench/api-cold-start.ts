/**
 * `npx tsx scripts/bench/api-cold-start.ts`: the API Lambda bundled as SST v2 bundles it (esbuild, platform
 * node, target node22, ESM, minified, everything bundled including @aws-sdk) next to a hello-world Hono
 * Lambda bundled the same way, in one run: bundle sizes, the API bundle's composition (top inputs by bytes
 * from the esbuild metafile), the entry chunk when code splitting is on (dynamic imports become chunks),
 * and the median cold import time of each over N fresh `node` processes, with the ratio.
 * BENCH_RUNS sets N (default 15). Timings are this machine's; compare within one run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { initialBytes, SST_LIKE_BUILD } from '../checks/api-bundle.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'api-cold-start-'));

const hello = join(dir, 'hello.ts');
writeFileSync(
  hello,
  "import { Hono } from 'hono';\nimport { handle } from 'hono/aws-lambda';\nconst app = new Hono();\napp.get('/api/hello', (c) => c.text('hello'));\nexport const handler = handle(app);\n",
);

async function bundle(entry: string, name: string, splitting = false) {
  const outdir = join(dir, name);
  const result = await build({
    ...SST_LIKE_BUILD,
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting,
    nodePaths: [join(root, 'node_modules')],
    absWorkingDir: root,
  });
  const file = join(outdir, 'index.mjs');
  return { file, bytes: statSync(file).size, meta: result.metafile as Metafile };
}

const api = await bundle(join(root, 'functions/api/lambda.ts'), 'api');
const split = await bundle(join(root, 'functions/api/lambda.ts'), 'api-split', true);
const base = await bundle(hello, 'hello');

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(`API bundle: ${kb(api.bytes)} (${api.bytes} bytes); hello-world Hono bundle: ${kb(base.bytes)}`);
const chunks = Object.entries(split.meta.outputs).filter(([f]) => f.endsWith('.mjs'));
const initial = initialBytes(split.meta);
const total = chunks.reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(
  `With splitting: initial part (entry chunk and the chunks it imports statically) ${kb(initial)} (${initial} bytes); ` +
    `loaded on first use ${kb(total - initial)} in ${chunks.length} chunks in all`,
);

// Composition: bytes each input contributes to the output, grouped by package (or by source file).
const byPart = new Map<string, number>();
for (const [input, { bytesInOutput }] of Object.entries(api.meta.outputs[Object.keys(api.meta.outputs).find((f) => f.endsWith('index.mjs'))!]!.inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  const part = m ? m[1]! : input.replace(/^(packages\/[^/]+|functions\/[^/]+).*/, '$1 (own code)');
  byPart.set(part, (byPart.get(part) ?? 0) + bytesInOutput);
}
console.log('\nTop 15 parts of the API bundle (minified bytes in output):');
for (const [part, bytes] of [...byPart].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`  ${kb(bytes).padStart(8)}  ${part}`);
}

// Cold import: fresh processes, alternating, so machine noise hits both alike.
const env = {
  ...process.env,
  STAGE: 'bench',
  AWS_REGION: 'eu-central-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  TABLE_NAME: 'bench',
  FILES_BUCKET: 'bench-files',
  REPORTS_BUCKET: 'bench-reports',
  MAIL_FROM: 'bench@example.com',
  APP_URL: 'http://localhost',
  ORIGIN_VERIFY_SECRET: 'x'.repeat(32),
  LOG_LEVEL: 'silent',
};
/** [wall ms of the whole process, ms of the import alone]. */
function timeImport(file: string): [number, number] {
  try {
    const start = performance.now();
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`],
      { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return [performance.now() - start, Number(out.trim().split('\n').at(-1))];
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    throw new Error(`importing ${file} failed: ${stderr.split('\n').filter((l) => l.length < 400).join('\n')}`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const runs = { api: [] as [number, number][], split: [] as [number, number][], hello: [] as [number, number][] };
timeImport(api.file); // warm the file cache once
for (let i = 0; i < RUNS; i += 1) {
  runs.api.push(timeImport(api.file));
  runs.split.push(timeImport(split.file));
  runs.hello.push(timeImport(base.file));
}
const wall = (k: keyof typeof runs) => median(runs[k].map((r) => r[0]));
const only = (k: keyof typeof runs) => median(runs[k].map((r) => r[1]));
console.log(`\nCold start, median of ${RUNS} fresh processes (Node ${process.versions.node}); process = node start + import:`);
const row = (label: string, k: keyof typeof runs) =>
  console.log(
    `  ${label.padEnd(30)} process ${wall(k).toFixed(0).padStart(4)} ms (${(wall(k) / wall('hello')).toFixed(2)}x)` +
      `   import alone ${only(k).toFixed(0).padStart(4)} ms`,
  );
row('API bundle (as SST deploys it)', 'api');
row('API, code splitting on', 'split');
row('hello-world Hono', 'hello');
rmSync(dir, { recursive: true, force: true });

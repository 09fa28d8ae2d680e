/**
 * `npx tsx scripts/bench/api-cold-start.ts`: the API Lambda bundled as it deploys (scripts/checks/api-bundle.ts
 * SST_LIKE_BUILD: SST v2's esbuild options plus infra/api-bundling.ts, i.e. ESM, minified, code splitting,
 * target node22) next to a hello-world Hono Lambda bundled the same way, in one run: sizes, the composition
 * of the initial part (entry chunk and its static imports, by package, from the esbuild metafile) and of
 * what is loaded on first use, and the median cold import time of each over N fresh `node` processes, with
 * the ratio. A third row, the same API as one file (splitting off, SST's default), shows what splitting buys.
 * BENCH_RUNS sets N (default 15). Timings are this machine's; compare within one run. Besides the medians: the
 * CPU time of each process (less sensitive to other load than wall time) and the median and p25-p75 of the
 * per-round ratio (each round runs the three processes back to back).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { entryOutput, initialBytes, initialChunks, SST_LIKE_BUILD } from '../checks/api-bundle.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'api-cold-start-'));

const hello = join(dir, 'hello.ts');
writeFileSync(
  hello,
  "import { Hono } from 'hono';\nimport { handle } from 'hono/aws-lambda';\nconst app = new Hono();\napp.get('/api/hello', (c) => c.text('hello'));\nexport const handler = handle(app);\n",
);

async function bundle(entry: string, name: string, splitting = SST_LIKE_BUILD.splitting) {
  const outdir = join(dir, name);
  entry = relative(root, entry); // as the metafile names entry points
  const result = await build({
    ...SST_LIKE_BUILD,
    entryPoints: [entry],
    outdir,
    splitting,
    nodePaths: [join(root, 'node_modules')],
    absWorkingDir: root,
  });
  const meta = result.metafile as Metafile;
  const total = Object.entries(meta.outputs)
    .filter(([f]) => f.endsWith('.mjs'))
    .reduce((sum, [, o]) => sum + o.bytes, 0);
  const initial = initialChunks(meta, entry);
  return { file: join(root, entryOutput(meta, entry)), meta, initial, initialBytes: initialBytes(meta, entry), total };
}

const api = await bundle(join(root, 'functions/api/lambda.ts'), 'api');
const oneFile = await bundle(join(root, 'functions/api/lambda.ts'), 'api-one-file', false);
const base = await bundle(hello, 'hello');

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const chunks = Object.keys(api.meta.outputs).filter((f) => f.endsWith('.mjs'));
console.log(
  `API as deployed: initial part (entry chunk and the chunks it imports statically) ${kb(api.initialBytes)} ` +
    `(${api.initialBytes} bytes) in ${api.initial.length} chunks; loaded on first use ${kb(api.total - api.initialBytes)}; ` +
    `${chunks.length} chunks in all`,
);
console.log(`API as one file: ${kb(oneFile.total)} (${oneFile.total} bytes); hello-world Hono: ${kb(base.total)}`);

/** Minified bytes per package (or per own package) in the given output chunks. */
function composition(meta: Metafile, files: string[]) {
  const byPart = new Map<string, number>();
  for (const file of files)
    for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[file]!.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const part = m ? m[1]! : input.replace(/^(packages\/[^/]+|functions\/[^/]+).*/, '$1 (own code)');
      byPart.set(part, (byPart.get(part) ?? 0) + bytesInOutput);
    }
  return [...byPart].sort((a, b) => b[1] - a[1]);
}
const initialFiles = api.initial;
const print = (title: string, parts: [string, number][], n: number) => {
  console.log(`\n${title}`);
  for (const [part, bytes] of parts.slice(0, n)) console.log(`  ${kb(bytes).padStart(8)}  ${part}`);
};
print('Initial part, top 20 (minified bytes in output):', composition(api.meta, initialFiles), 20);
print(
  'Loaded on first use, top 12:',
  composition(
    api.meta,
    chunks.filter((f) => !initialFiles.includes(f)),
  ),
  12,
);

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
/** [wall ms of the whole process, ms of the import alone, CPU ms (user + system, all threads) of the process]. */
function timeImport(file: string): [number, number, number] {
  try {
    const start = performance.now();
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t=performance.now();await import(${JSON.stringify(file)});const u=process.cpuUsage();console.log(performance.now()-t,(u.user+u.system)/1000)`,
      ],
      { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const [importMs, cpuMs] = out.trim().split('\n').at(-1)!.split(' ').map(Number);
    return [performance.now() - start, importMs!, cpuMs!];
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    throw new Error(
      `importing ${file} failed: ${stderr
        .split('\n')
        .filter((l) => l.length < 400)
        .join('\n')}`,
    );
  }
}
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q + 0.5)]!;
const median = (xs: number[]) => quantile(xs, 0.5);
const runs = { api: [] as number[][], oneFile: [] as number[][], hello: [] as number[][] };
timeImport(api.file); // warm the file cache once
timeImport(oneFile.file);
for (let i = 0; i < RUNS; i += 1) {
  runs.api.push(timeImport(api.file));
  runs.oneFile.push(timeImport(oneFile.file));
  runs.hello.push(timeImport(base.file));
}
const wall = (k: keyof typeof runs) => median(runs[k].map((r) => r[0]!));
const only = (k: keyof typeof runs) => median(runs[k].map((r) => r[1]!));
const cpu = (k: keyof typeof runs) => median(runs[k].map((r) => r[2]!));
// The ratio of each round's adjacent processes: load that changes during the run hits both alike.
const perRound = (k: keyof typeof runs) => runs[k].map((r, i) => r[0]! / runs.hello[i]![0]!);
const spread = (k: keyof typeof runs) =>
  `${median(perRound(k)).toFixed(2)}x (p25-p75 ${quantile(perRound(k), 0.25).toFixed(2)}-${quantile(perRound(k), 0.75).toFixed(2)})`;
console.log(`\nCold start, median of ${RUNS} fresh processes (Node ${process.versions.node}); process = node start + import:`);
const row = (label: string, k: keyof typeof runs) =>
  console.log(
    `  ${label.padEnd(30)} process ${wall(k).toFixed(0).padStart(4)} ms (${(wall(k) / wall('hello')).toFixed(2)}x)` +
      `   import alone ${only(k).toFixed(0).padStart(4)} ms   CPU ${cpu(k).toFixed(0).padStart(4)} ms` +
      (k === 'hello' ? '' : `   per-round ratio ${spread(k)}`),
  );
row('API as deployed (split)', 'api');
row('API as one file (no splitting)', 'oneFile');
row('hello-world Hono', 'hello');
rmSync(dir, { recursive: true, force: true });

/**
 * `npx tsx scripts/web-size.ts [--check]` after `npm run build -w web`: the web build's JavaScript sizes
 * (gzip, level 9) read from Vite's manifest (web/dist/.vite/manifest.json):
 * - the login page's initial JS: the entry chunk of index.html plus every chunk it imports statically;
 * - every other chunk (route screens and what they share), besides the vendor chunks (`vendor-*`).
 * The budgets live in budgets.json at the repo root (`web.*.ceiling` is enforced, `target` is the goal).
 * With --check it exits 1 when a figure is above its ceiling. Bytes are deterministic for a given build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface WebBudget {
  target: number;
  ceiling: number;
}

export interface WebBudgets {
  loginInitialGzip: WebBudget;
  routeChunkGzip: WebBudget;
}

export interface WebSizes {
  /** Files of the login page's initial JS, entry first. */
  initialFiles: string[];
  initialGzip: number;
  /** Every JS chunk outside the initial set and outside the vendor chunks, largest first. */
  routeChunks: { file: string; gzip: number }[];
  vendorChunks: { file: string; gzip: number }[];
}

export const readWebBudgets = (root = repoRoot): WebBudgets =>
  (JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8')) as { web: WebBudgets }).web;

export function measureWeb(distDir = join(repoRoot, 'web/dist')): WebSizes {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const gzip = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error('the manifest has no index.html entry');

  const initialKeys = new Set<string>();
  const visit = (key: string) => {
    if (initialKeys.has(key)) return;
    initialKeys.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit('index.html');
  const initialFiles = [...initialKeys].map((key) => manifest[key]!.file);

  const isVendor = (file: string) => /(^|\/)vendor-[^/]*\.js$/.test(file);
  const others = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, i, all) => file.endsWith('.js') && all.indexOf(file) === i && !initialFiles.includes(file))
    .map((file) => ({ file, gzip: gzip(file) }))
    .sort((a, b) => b.gzip - a.gzip);

  return {
    initialFiles,
    initialGzip: initialFiles.reduce((sum, file) => sum + gzip(file), 0),
    routeChunks: others.filter((c) => !isVendor(c.file)),
    vendorChunks: others.filter((c) => isVendor(c.file)),
  };
}

/** Ceiling breaches, as messages (empty when every figure is within its ceiling). */
export function overBudget(sizes: WebSizes, budgets: WebBudgets): string[] {
  const problems: string[] = [];
  if (sizes.initialGzip > budgets.loginInitialGzip.ceiling)
    problems.push(`login initial JS ${sizes.initialGzip} B gzip > ceiling ${budgets.loginInitialGzip.ceiling} B`);
  for (const chunk of sizes.routeChunks)
    if (chunk.gzip > budgets.routeChunkGzip.ceiling)
      problems.push(`${chunk.file} ${chunk.gzip} B gzip > route chunk ceiling ${budgets.routeChunkGzip.ceiling} B`);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = measureWeb();
  const budgets = readWebBudgets();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const mark = (bytes: number, budget: WebBudget) =>
    `(target ${kb(budget.target)}, ceiling ${kb(budget.ceiling)})${bytes > budget.target ? ' above target' : ''}`;
  console.log(`login initial JS: ${kb(sizes.initialGzip)} gzip ${mark(sizes.initialGzip, budgets.loginInitialGzip)}`);
  for (const file of sizes.initialFiles) console.log(`  ${file}`);
  for (const chunk of sizes.vendorChunks) console.log(`vendor ${chunk.file}: ${kb(chunk.gzip)} gzip`);
  console.log(`route chunks (${sizes.routeChunks.length}), largest first:`);
  for (const chunk of sizes.routeChunks) console.log(`  ${chunk.file}: ${kb(chunk.gzip)} gzip`);
  const problems = overBudget(sizes, budgets);
  for (const problem of problems) console.error(`OVER BUDGET: ${problem}`);
  if (process.argv.includes('--check') && problems.length) process.exit(1);
}

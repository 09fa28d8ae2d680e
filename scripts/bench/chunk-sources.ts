/**
 * `npx tsx scripts/bench/chunk-sources.ts [--dist web/dist] [--top 25] <chunk file name prefix>...`, after a build
 * with source maps (`cd web && npx vite build --sourcemap`; never deployed so, ADR 023): what each named chunk is
 * made of, per source module (node_modules packages folded to the package), in minified bytes and its share of
 * the chunk's brotli size (pro rata: brotli is not additive per module). Names match by prefix
 * (`data-layer` matches `assets/data-layer-<hash>.js`). Used to find what a deep link downloads but does not run
 * (ADR 125).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const { values: args, positionals } = parseArgs({
  options: { dist: { type: 'string', default: 'web/dist' }, top: { type: 'string', default: '25' } },
  allowPositionals: true,
});
const assets = join(args.dist, 'assets');
const files = readdirSync(assets).filter((f) => f.endsWith('.js') && positionals.some((p) => f.startsWith(p)));

/** A module's display name: a package for node_modules, else the path below web/ or packages/. */
function moduleName(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (pkg) return pkg[1] === 'zod' ? `zod/${pkg[2]!.split('/').slice(0, 3).join('/')}` : pkg[1]!;
  return source.replace(/^(\.\.\/)+/, '');
}

for (const file of files) {
  const code = readFileSync(join(assets, file), 'utf8');
  const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  const add = (name: string, n: number) => bytes.set(name, (bytes.get(name) ?? 0) + n);
  decode(map.mappings).forEach((segments, line) => {
    const text = lines[line] ?? '';
    if (segments.length === 0) return add('(unmapped)', text.length);
    add('(unmapped)', segments[0]![0]);
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.[0] ?? text.length;
      add(segment.length > 1 ? moduleName(map.sources[segment[1]!]!) : '(unmapped)', end - segment[0]);
    });
  });
  const brotli = brotliCompressSync(code).length;
  console.log(`\n${file}: ${code.length} B minified, ${brotli} B brotli`);
  const rows = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top));
  for (const [name, n] of rows)
    console.log(`${String(n).padStart(8)} ${String(Math.round((brotli * n) / code.length)).padStart(7)}  ${name}`);
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { API_BUNDLING } from '../../infra/api-bundling.ts';

/**
 * The esbuild options SST v2 builds the API Lambda with in deploy mode (node_modules/sst/runtime/handlers/
 * node.js, ESM branch: bundle everything, keepNames, the require/__dirname banner) plus the function's own
 * `nodejs` options from infra/api-bundling.ts (format, minify, splitting, target). One definition for the
 * cold-start bench and the byte-budget test, so both measure what deploys. Sourcemaps are left out: they
 * are separate files Node does not read at cold start. Callers add entryPoints, outdir and write.
 */
export const SST_LIKE_BUILD: BuildOptions = {
  bundle: true,
  platform: 'node',
  keepNames: true,
  mainFields: ['module', 'main'],
  metafile: true,
  logLevel: 'error',
  banner: {
    js: [
      "import { createRequire as topLevelCreateRequire } from 'module';",
      'const require = topLevelCreateRequire(import.meta.url);',
      'import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"',
      'const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))',
    ].join('\n'),
  },
  format: API_BUNDLING.format,
  minify: API_BUNDLING.minify,
  splitting: API_BUNDLING.splitting,
  // SST names split output `.mjs` (the handler and its chunks).
  outExtension: { '.js': '.mjs' },
  ...API_BUNDLING.esbuild,
};

/**
 * The output file of `entry` (as given in entryPoints, relative to absWorkingDir). Each `import()`ed module
 * is an entry point of its own in the metafile, hence the match on the path.
 */
export function entryOutput(meta: Metafile, entry: string): string {
  const file = Object.keys(meta.outputs).find((f) => meta.outputs[f]!.entryPoint === entry && f.endsWith('.mjs'));
  if (!file) throw new Error(`no output for ${entry} in the metafile`);
  return file;
}

/**
 * A bench's child script (`entry`, relative to the working folder) bundled as the Lambda is (SST_LIKE_BUILD)
 * into a fresh temporary folder: the answer builds on its first call, once per run, and answers the bundle's path.
 */
export function lambdaLikeBundle(entry: string): () => Promise<string> {
  let bundled: Promise<string> | undefined;
  return () =>
    (bundled ??= (async () => {
      const outdir = mkdtempSync(join(tmpdir(), 'bench-child-'));
      const result = await build({ ...SST_LIKE_BUILD, entryPoints: [entry], outdir, write: true });
      return resolve(entryOutput(result.metafile!, entry));
    })());
}

/** The entry chunk plus every chunk reachable from it by static imports (loaded at cold start). */
export function initialChunks(meta: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]!.imports) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(entryOutput(meta, entry));
  return [...seen];
}

/** Bytes of the initial part: what a cold start reads and evaluates. */
export function initialBytes(meta: Metafile, entry: string): number {
  return initialChunks(meta, entry).reduce((sum, f) => sum + meta.outputs[f]!.bytes, 0);
}

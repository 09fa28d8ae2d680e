import { type BuildOptions, type Metafile } from 'esbuild';

/**
 * The API Lambda bundled as SST v2's ESM build bundles it (bundle all, the require shim), minified, target
 * node22, as issue 13 measured. One definition for the cold-start bench and the byte-budget test, so the
 * budget checks what the bench measures. SST's own defaults differ slightly (target esnext, keepNames,
 * minify only when nodejs.minify is set).
 */
export const SST_LIKE_BUILD: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  minify: true,
  metafile: true,
  logLevel: 'error',
  mainFields: ['module', 'main'],
  banner: {
    js: "import { createRequire as topLevelCreateRequire } from 'module';const require = topLevelCreateRequire(import.meta.url);",
  },
};

/** Bytes of the entry chunk plus every chunk reachable from it by static imports (loaded at cold start). */
export function initialBytes(meta: Metafile): number {
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

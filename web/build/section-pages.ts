import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { CARRIED, catalogueTable } from './catalogue-files.ts';
import { SECTION_PAGES, sectionPageFile } from '../../infra/spa-fallback.ts';

/**
 * The signed-in sections' pages (ADR 131): for each address prefix of infra/spa-fallback.ts's SECTION_PAGES, the
 * built index.html plus `<link rel="modulepreload">` for every chunk its screen needs before it renders — the
 * portal's shell (route table, layout, guards), the data layer, the route module and their static imports, and
 * the English files of their catalogues — so the browser asks for them with the entry, instead of after the
 * shell has downloaded and run (ADR 097's "one round" then starts at the first byte). The chunks come from the
 * bundle graph; which catalogues a route module loads, from its `lazyRoute(...)` line in the route tables.
 * The other locales' files of the same catalogues are named in a `<meta name="section-texts">`: the entry adds
 * their preloads once the first status read says the user's locale (lib/api-first-reads.ts). Links and a meta
 * only: no inline script (the CSP has no 'unsafe-inline', ADR 023).
 */

/** The route tables whose `lazyRoute(...)` lines name each route module's catalogues. */
const ROUTE_TABLES = ['src/app/connect-routes.tsx', 'src/app/app-routes.tsx', 'src/app/signed-in-screens.ts'];
/** What a page of each portal runs before its screen: the shell's modules (one chunk group each) and the data layer. */
const PORTAL_SHELL = {
  connect: ['src/app/connect-routes.tsx', 'src/app/layouts/connect-layout.tsx', 'src/app/connect-guards.tsx', 'src/app/data-layer.tsx'],
  app: ['src/app/app-routes.tsx', 'src/app/layouts/app-layout.tsx', 'src/app/ordering-guards.tsx', 'src/app/data-layer.tsx'],
} as const;
const ENGLISH = 'en-US';
/** The catalogues the entry carries in English; another locale loads their files with the first feature's (i18n/catalogues.ts). */
const BUNDLED = ['shared', 'auth'];
export const SECTION_TEXTS_META = 'section-texts';

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
}
type Output = Record<string, Chunk | { type: 'asset'; fileName: string; source: string | Uint8Array }>;

/** Route module (path in web/) → the catalogues its lazyRoute lines load, read from the route tables' source. */
export function routeCatalogues(webRoot: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const table of ROUTE_TABLES) {
    const source = readFileSync(resolve(webRoot, table), 'utf8');
    const dir = dirname(resolve(webRoot, table));
    const loaders = new Map([...source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\);/g)].map((m) => [m[1], m[2]]));
    const lists = new Map([...source.matchAll(/const (\w+) = \(\) => \[([^\]]*)\] as const;/g)].map((m) => [m[1], names(m[2] ?? '')]));
    for (const call of source.matchAll(
      /lazyRoute\(\s*(?:\(\) => import\('([^']+)'\)|(\w+)),\s*'\w+'((?:,\s*(?:'\w+'|\.\.\.\w+\(\)))*),?\s*\)/g,
    )) {
      const specifier = call[1] ?? loaders.get(call[2] ?? '');
      if (!specifier) continue;
      const module = relative(webRoot, resolve(dir, specifier)).replaceAll('\\', '/');
      const catalogues = [...(call[3] ?? '').matchAll(/'(\w+)'|\.\.\.(\w+)\(\)/g)].flatMap((m) =>
        m[1] ? [m[1]] : (lists.get(m[2] ?? '') ?? []),
      );
      found.set(module, [...new Set([...(found.get(module) ?? []), ...catalogues])]);
    }
  }
  return found;
}
const names = (list: string) => [...list.matchAll(/'(\w+)'/g)].map((m) => m[1] ?? '');

/**
 * The route modules the ordering table puts behind the retailer choice (`<AfterRetailer screen={<X />} />` in
 * app-routes.tsx, ADR 140): a cold deep link into one most often goes to the retailer selection first, and its guard
 * starts the download of whichever comes next, so their pages preload the shell and not the screen.
 */
export function afterRetailerModules(webRoot: string): Set<string> {
  const table = resolve(webRoot, 'src/app/app-routes.tsx');
  const source = readFileSync(table, 'utf8');
  const loaders = new Map([...source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\);/g)].map((m) => [m[1], m[2]]));
  const modules = new Map(
    [...source.matchAll(/const (\w+) = lazyRoute\(\s*(?:\(\) => import\('([^']+)'\)|(\w+)),/g)].map((m) => [
      m[1],
      m[2] ?? loaders.get(m[3] ?? ''),
    ]),
  );
  const gated = [...source.matchAll(/<AfterRetailer screen=\{<(\w+) \/>\} \/>/g)].flatMap((m) => modules.get(m[1] ?? '') ?? []);
  return new Set(gated.map((specifier) => relative(webRoot, resolve(dirname(table), specifier)).replaceAll('\\', '/')));
}

/** The files a page of this prefix preloads (chunks first, then the English catalogues) and its other locales' catalogue files. */
export function sectionFiles(
  bundle: Output,
  webRoot: string,
  prefix: string,
  catalogues: Map<string, string[]>,
  gated: Set<string> = new Set(),
) {
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: Chunk[], into = new Set<string>()) => {
    for (const root of roots) {
      if (into.has(root.fileName)) continue;
      into.add(root.fileName);
      closure(
        root.imports.flatMap((name) => byName.get(name) ?? []),
        into,
      );
    }
    return into;
  };
  const chunkOf = (module: string) => {
    const id = resolve(webRoot, module);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`section-pages: no chunk holds ${module} (SECTION_PAGES in infra/spa-fallback.ts)`);
    return chunk;
  };
  const module = SECTION_PAGES[prefix] ?? '';
  const shell = prefix.startsWith('/connect') ? PORTAL_SHELL.connect : PORTAL_SHELL.app;
  const inIndex = closure(chunks.filter((chunk) => chunk.isEntry));
  // The shell's chunks first: they run before the screen's can (the route table, then the layout and guards).
  if (!catalogues.has(module)) throw new Error(`section-pages: no lazyRoute line in the route tables loads ${module}`);
  const screen = gated.has(module) ? [] : [module];
  const js = [...closure([...shell, ...screen].map(chunkOf))].filter((name) => !inIndex.has(name));
  const asked = [...new Set([...screen, ...shell].flatMap((file) => catalogues.get(file) ?? []))];
  // A catalogue another one's file carries is in that file (web/build/catalogue-files.ts CARRIED, ADR 143).
  const names = asked.filter((name) => !asked.some((other) => CARRIED[other]?.includes(name)));
  const table = catalogueTable(resolve(webRoot, 'src/i18n'));
  const carrierOf = (name: string) =>
    Object.keys(CARRIED).find((carrier) => BUNDLED.includes(carrier) && CARRIED[carrier]?.includes(name)) ?? name;
  const catalogueFile = (locale: string, name: string) =>
    table.files.find((file) => file.locale === locale && file.name === name)?.fileName;
  const translated = table.locales
    .filter((locale) => locale !== ENGLISH)
    .map((locale) => ({
      locale,
      files: [...new Set([...BUNDLED, ...names].flatMap((name) => catalogueFile(locale, carrierOf(name)) ?? []))],
    }));
  return { preload: [...js, ...names.flatMap((name) => catalogueFile(ENGLISH, name) ?? [])], translated };
}

/** index.html with the section's preloads and the meta of its other locales' catalogue files, before `</head>`. */
export function sectionHtml(indexHtml: string, base: string, files: ReturnType<typeof sectionFiles>): string {
  const links = files.preload.map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">`);
  const texts = files.translated.map(({ locale, files: own }) => `${locale} ${own.map((file) => `${base}${file}`).join(' ')}`).join(';');
  const meta = `    <meta name="${SECTION_TEXTS_META}" content="${texts}">`;
  return indexHtml.replace(/\n\s*<\/head>/, `\n${[...links, meta].join('\n')}\n  </head>`);
}

/** The chunk of the page's first reads (web/src/lib/first-reads.ts, its own group in web/vite.config.ts). */
const FIRST_READS_MODULE = /[\\/]web[\\/]src[\\/]lib[\\/]first-reads\.ts$/;

/**
 * index.html with the first reads' chunk as a script of its own before the entry (ADR 135): `async`, it runs as soon
 * as its ~2 KB are in and sends the status, brand and master-data reads, instead of after the entry and vendor-react
 * have downloaded and run. The entry imports the same chunk: one module, one set of reads. A script element, no inline
 * code (the CSP, ADR 023). The chunk must import nothing (the entry's chunk would make it wait for vendor-react).
 */
export function withFirstReads(indexHtml: string, bundle: Output, base: string): string {
  const chunk = Object.values(bundle).find(
    (file): file is Chunk => file.type === 'chunk' && file.moduleIds.some((id) => FIRST_READS_MODULE.test(id)),
  );
  if (!chunk) throw new Error('section-pages: no chunk holds src/lib/first-reads.ts');
  if (chunk.imports.length > 0)
    throw new Error(`section-pages: the first reads' chunk imports ${chunk.imports.join(', ')}: it must stand alone`);
  const script = `<script type="module" async crossorigin src="${base}${chunk.fileName}"></script>`;
  if (indexHtml.includes(script)) return indexHtml;
  return indexHtml.replace(/(\n(\s*)<script type="module")/, `\n$2${script}$1`);
}

/** The Vite plugin (web/vite.config.ts): writes `sections/<name>.html` beside index.html in a production build. */
export function sectionPages(): Plugin {
  let webRoot = '';
  let base = '/';
  return {
    name: 'portal-section-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      webRoot = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const output = bundle as unknown as Output;
      const index = output['index.html'];
      if (index?.type !== 'asset') return;
      const indexHtml = withFirstReads(
        typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source),
        output,
        base,
      );
      index.source = indexHtml;
      const catalogues = routeCatalogues(webRoot);
      const gated = afterRetailerModules(webRoot);
      for (const prefix of Object.keys(SECTION_PAGES)) {
        const html = sectionHtml(indexHtml, base, sectionFiles(output, webRoot, prefix, catalogues, gated));
        this.emitFile({ type: 'asset', fileName: sectionPageFile(prefix).slice(1), source: html });
      }
    },
  };
}

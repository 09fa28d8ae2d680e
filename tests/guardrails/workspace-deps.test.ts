import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every workspace declares what its code imports (ADR 021): a package imported by a workspace's source
 * is in that workspace's package.json, `@portal/*` siblings included. Tests and dev scripts may also use
 * the root's devDependencies (vitest, fast-check, playwright-core, ...), the monorepo's shared tooling.
 * And the other way round, for runtime `dependencies`: each is imported by the workspace's source, or is
 * a peer another of its dependencies needs (zod for @hono/zod-validator). devDependencies are tooling
 * named in configs and CSS as well as imports, so they are not checked that way.
 */
const root = join(import.meta.dirname, '../..');
const WORKSPACES = ['packages/core', 'packages/backend', 'functions', 'web'];

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
const namesOf = (m: Manifest) => new Set([...Object.keys(m.dependencies ?? {}), ...Object.keys(m.devDependencies ?? {})]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The package names a file imports (static, re-export and dynamic imports), without node built-ins. */
function packagesImportedBy(file: string): { name: string; typeOnly: boolean }[] {
  const code = readFileSync(file, 'utf8');
  const found: { name: string; typeOnly: boolean }[] = [];
  // A file a package ships that is read rather than imported (the PDF fonts, ADR 090) is named by require.resolve.
  const pattern =
    /(?:^|\n)\s*(import|export)(\s+type)?[^'";]*?from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|require\.resolve\(\s*'([^']+)'\s*\)/g;
  for (const match of code.matchAll(pattern)) {
    const specifier = match[3] ?? match[4] ?? match[5] ?? match[6] ?? '';
    if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) continue;
    // A Vite plugin's virtual module (virtual:pwa-register): the plugin is the workspace's devDependency.
    if (specifier.startsWith('virtual:')) continue;
    const parts = specifier.split('/');
    found.push({ name: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!, typeOnly: Boolean(match[2]) });
  }
  return found;
}

const isDevFile = (workspace: string, file: string) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)(scripts|test)\//.test(relative(join(root, workspace), file)) || file.endsWith('.config.ts');

describe('workspace dependencies', () => {
  const rootDev = namesOf(manifest('.'));
  it.each(WORKSPACES)('%s declares every package it imports', (workspace) => {
    const own = manifest(workspace);
    const declared = namesOf(own);
    const missing = new Set<string>();
    for (const file of sourceFiles(join(root, workspace))) {
      for (const { name, typeOnly } of packagesImportedBy(file)) {
        if (name === own.name || declared.has(name)) continue;
        if (isDevFile(workspace, file) && (rootDev.has(name) || rootDev.has(`@types/${name}`))) continue;
        // A type-only import is declared by its @types package, the workspace's own or the root's.
        if (typeOnly && (declared.has(`@types/${name}`) || rootDev.has(`@types/${name}`))) continue;
        missing.add(`${name} (${relative(root, file)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it.each(WORKSPACES)('%s declares no runtime dependency it does not import', (workspace) => {
    const own = manifest(workspace);
    const imported = new Set(sourceFiles(join(root, workspace)).flatMap((file) => packagesImportedBy(file).map((p) => p.name)));
    const dependencies = Object.keys(own.dependencies ?? {});
    // A package's manifest as installed (the workspace's own node_modules first, then the root's).
    const installed = (name: string): Manifest | null => {
      for (const dir of [join(root, workspace, 'node_modules', name), join(root, 'node_modules', name)]) {
        try {
          return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
        } catch {
          // not installed here
        }
      }
      return null;
    };
    const peers = new Set(dependencies.flatMap((name) => Object.keys(installed(name)?.peerDependencies ?? {})));
    expect(dependencies.filter((name) => !imported.has(name) && !peers.has(name))).toEqual([]);
  });
});

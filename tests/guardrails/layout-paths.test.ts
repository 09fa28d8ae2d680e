import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/layout.md is the newcomer's map: every repository path it names must exist. A path is a code span
 * with a '/' or a known file extension (`web/src/lib/api.ts`, `auth/`, `app.ts`), or, inside a fenced
 * block, a word that starts at a top-level folder (`packages/backend/src/access/`). Placeholders and
 * globs (`<domain>`, `*.test.ts`, `report-job-*`), URL paths (`/app`), package names (`@portal/*`) and
 * git-ignored, generated paths (`web/.api-types/`) are not checked.
 *
 * The map writes most paths relative to what it just named: a table cell to its column's folder
 * (`packages/backend/src/`), a path to a folder named before it in the same row or paragraph
 * (`report/` … `delivery/`) or beside a file named there. So a relative path counts when it exists under one of those folders or one
 * of their parents; one that exists nowhere (`features/flows/` when the feature is `workflows/`) fails.
 */
const root = join(import.meta.dirname, '../..');
const extensions = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|ya?ml)$/;

const gitignored = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#') && !line.includes('*'));

/** Whether a code span names a repository path worth checking. */
export function isRepoPath(span: string): boolean {
  if (!/^[\w.@/-]+$/.test(span)) return false; // spaces, <placeholders>, globs, calls like `.route()`
  if (span.startsWith('/') || span.startsWith('@') || span.startsWith('.')) return false;
  if (gitignored.some((entry) => (entry.endsWith('/') ? `${span}/`.startsWith(entry) : span === entry))) return false;
  return span.includes('/') || extensions.test(span);
}

/** A group of paths read together (a table row, a paragraph, a fenced block) and, per path, its folder. */
type Scope = { line: number; paths: { path: string; base: string | null; line: number }[] };

const spans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.trim());
const cells = (row: string) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|');

/** Splits a markdown page into the scopes its paths are read in. */
export function scopesOf(markdown: string): Scope[] {
  const scopes: Scope[] = [];
  let current: Scope | null = null;
  let fenced = false;
  let columns: (string | null)[] = [];
  const close = () => {
    if (current && current.paths.length > 0) scopes.push(current);
    current = null;
  };
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (/^\s*```/.test(text)) {
      close();
      fenced = !fenced;
      if (fenced) current = { line, paths: [] };
      return;
    }
    if (fenced) {
      // A fenced block has no code spans: a word that starts at a top-level folder is a path.
      for (const word of text.split(/\s+/)) {
        const path = word.replace(/^[(`'"]+|[)`'",;:.]+$/g, '');
        if (/^(packages|functions|web|scripts|tests|docs|infra)\//.test(path) && isRepoPath(path)) {
          current!.paths.push({ path, base: null, line });
        }
      }
      return;
    }
    if (text.trim().startsWith('|')) {
      const row = cells(text);
      if (row.every((cell) => /^\s*:?-+:?\s*$/.test(cell))) return;
      if (columns.length === 0) {
        // The header row names each column's folder, e.g. "core (`packages/core/src/`)".
        close();
        columns = row.map((cell) => spans(cell).find((span) => span.endsWith('/')) ?? null);
        return;
      }
      close();
      current = { line, paths: [] };
      row.forEach((cell, column) => {
        for (const span of spans(cell)) if (isRepoPath(span)) current!.paths.push({ path: span, base: columns[column] ?? null, line });
      });
      return;
    }
    columns = [];
    if (text.trim() === '' || /^#{1,6}\s/.test(text)) {
      close();
      return;
    }
    current ??= { line, paths: [] };
    for (const span of spans(text)) if (isRepoPath(span)) current.paths.push({ path: span, base: null, line });
  });
  close();
  return scopes;
}

const exists = (path: string) => existsSync(join(root, path));
const isFolder = (path: string) => exists(path) && statSync(join(root, path)).isDirectory();

/** The folder and its parents up to the repository root, nearest first. */
function withParents(folder: string): string[] {
  const chain: string[] = [];
  for (let at = folder.replace(/\/+$/, ''); at !== '.' && at !== ''; at = dirname(at)) chain.push(at);
  return chain;
}

/** The paths of a scope that exist neither from the root nor under a folder the scope names. */
export function missingIn(scope: Scope): string[] {
  const folders = new Set<string>();
  for (const { path, base } of scope.paths) {
    if (base) folders.add(base);
    if (exists(path)) folders.add(isFolder(path) ? path : dirname(path));
  }
  // A folder found under another adds its own folder, so `report/` then `delivery/` resolves.
  const found = (path: string, base: string | null): string | null => {
    const near = base ? [base] : [];
    for (const folder of [...near, ...folders]) {
      for (const at of withParents(folder)) {
        const candidate = join(at, path);
        if (exists(candidate)) return candidate;
      }
    }
    return exists(path) ? path : null;
  };
  const missing: string[] = [];
  for (let pass = 0; pass < 2; pass++) {
    missing.length = 0;
    for (const { path, base, line } of scope.paths) {
      const at = found(path, base);
      if (at === null) missing.push(`${line}: \`${path}\``);
      else folders.add(relative(root, join(root, isFolder(at) ? at : dirname(at))));
    }
  }
  return missing;
}

describe('docs/layout.md paths', () => {
  it('reads paths the way the page writes them', () => {
    const page = [
      '| feature | backend (`packages/backend/src/`) | web (`web/src/features/`) |',
      '| --- | --- | --- |',
      '| Reports | `report/` (`delivery/`, `report-job-*`) | `reports/` (`app/routes/connect-reports-route.tsx`) |',
      '| Requests | `workflow/` | `flows/` |',
      '',
      'The fetch wrapper `web/src/lib/api-client.ts` and `hc<AppType>`; `/app`, `@portal/*`, `web/.api-types/`.',
      '```',
      'functions/api/routes/<domain>.ts  (packages/backend/src/access/)',
      '```',
    ].join('\n');
    const scopes = scopesOf(page);
    expect(scopes.map((scope) => scope.paths.map((p) => p.path))).toEqual([
      ['report/', 'delivery/', 'reports/', 'app/routes/connect-reports-route.tsx'],
      ['workflow/', 'flows/'],
      ['web/src/lib/api-client.ts'],
      ['packages/backend/src/access/'],
    ]);
    expect(scopes.map(missingIn)).toEqual([[], ['4: `flows/`'], [], []]);
  });

  it('names only paths that exist', () => {
    const markdown = readFileSync(join(root, 'docs/layout.md'), 'utf8');
    const missing = scopesOf(markdown).flatMap((scope) => missingIn(scope).map((entry) => `docs/layout.md:${entry}`));
    expect(missing).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The backend's walls (ADR 060) that ESLint does not hold: no import circle between the backend's files,
 * type-only imports included (import-x/no-cycle skips `import type`, and a circle of types still ties two
 * domains together). Each file's imports are read with TypeScript's own pre-processor (static, re-export,
 * `import type` and `import()`), relative ones resolved to files; the circles are Tarjan's strongly
 * connected groups. The zones between domains are lint rules, shown failing in lint-rules.test.ts.
 */
const root = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every relative import of a file, type-only and dynamic ones included, as absolute paths. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.filter(({ fileName }) => fileName.startsWith('.')).map(({ fileName }) => resolve(dirname(file), fileName));
}

/** The import circles among `files`: each a strongly connected group of two or more files (or one importing itself). */
function circlesOf(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) circles.push(group.map((path) => relative(root, path)).sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

describe('no import circles in the backend, type-only imports included (ADR 060)', () => {
  it('finds a circle in the deliberate fixture', () => {
    expect(circlesOf(sourceFiles(join(root, 'tests/guardrails/fixtures')))).toEqual([
      ['tests/guardrails/fixtures/cycle-a.ts', 'tests/guardrails/fixtures/cycle-b.ts'],
    ]);
  });

  it('finds none in packages/backend/src', () => {
    expect(circlesOf(sourceFiles(join(root, 'packages/backend/src')))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Code-health figures of product code: `as` casts (`x as T` and `<T>x`, `as const` left out), non-null
 * assertions (`x!`) and function-like nodes (declarations, methods, arrow functions, function expressions)
 * longer than LONG_FUNCTION lines. Product code is the non-test source of packages/*, functions, web/src and
 * infra; test code is `*.test.ts(x)`, files in a `test/` folder, `test-*` and `*-fixtures` files and the route
 * gates (functions/api/gates, run only by tests). tests/guardrails/code-health.test.ts holds the ceilings;
 * `npx tsx scripts/checks/code-health.ts` lists the offenders.
 */
export const LONG_FUNCTION = 150;

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
const ROOTS = ['packages', 'functions', 'web/src', 'infra'];

export type Place = { file: string; line: number; text: string };
export type LongFunction = Place & { lines: number };
export type Health = { casts: Place[]; nonNull: Place[]; longFunctions: LongFunction[] };

export function isTestFile(path: string): boolean {
  return (
    /\.test\.tsx?$/.test(path) ||
    /(^|\/)test\//.test(path) ||
    /(^|\/)test-[^/]*$/.test(path) ||
    /-fixtures\.tsx?$/.test(path) ||
    path.startsWith('functions/api/gates/')
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

export function productFiles(): string[] {
  return ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
    .map((file) => relative(root, file))
    .filter((file) => !isTestFile(file))
    .sort();
}

function isConstAssertion(type: ts.TypeNode): boolean {
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
}

/** A function's name for the listing: its own, or the variable, property or call it stands in. */
function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name))) return named.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return nameOf(parent);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '(anonymous)';
}

export function measureFile(file: string, code: string): Health {
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const health: Health = { casts: [], nonNull: [], longFunctions: [] };
  const place = (node: ts.Node): Place => ({
    file,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    text: node.getText(source).split('\n')[0]!.slice(0, 100),
  });
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node.type)) health.casts.push(place(node));
    if (ts.isNonNullExpression(node)) health.nonNull.push(place(node));
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > LONG_FUNCTION) health.longFunctions.push({ ...place(node), text: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return health;
}

export function measure(files: string[] = productFiles()): Health {
  const all: Health = { casts: [], nonNull: [], longFunctions: [] };
  for (const file of files) {
    const health = measureFile(file, readFileSync(join(root, file), 'utf8'));
    all.casts.push(...health.casts);
    all.nonNull.push(...health.nonNull);
    all.longFunctions.push(...health.longFunctions);
  }
  return all;
}

function perFile(places: Place[]): string[] {
  const counts = new Map<string, number>();
  for (const { file } of places) counts.set(file, (counts.get(file) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([file, n]) => `  ${String(n).padStart(4)}  ${file}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const verbose = process.argv.includes('--all');
  const health = measure();
  console.log(`casts (as, <T>; not as const): ${health.casts.length}`);
  console.log((verbose ? health.casts.map((p) => `  ${p.file}:${p.line}  ${p.text}`) : perFile(health.casts)).join('\n'));
  console.log(`non-null assertions: ${health.nonNull.length}`);
  console.log((verbose ? health.nonNull.map((p) => `  ${p.file}:${p.line}  ${p.text}`) : perFile(health.nonNull)).join('\n'));
  console.log(`functions over ${LONG_FUNCTION} lines: ${health.longFunctions.length}`);
  console.log(health.longFunctions.map((f) => `  ${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.text}`).join('\n'));
}

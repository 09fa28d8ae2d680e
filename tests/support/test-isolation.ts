import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What makes a test file unfit to share its worker's modules with the files after it (ADR 160): it mocks a module,
 * stubs an AWS client's class (aws-sdk-client-mock patches the class every later file would use) or stubs a global.
 * A file that does is run in a module graph of its own; every other file shares. (What a file sets in process.env is
 * undone after it: tests/setup/server-file.ts.)
 */
const MOCKS = /\bvi\.(?:do)?[mM]ock\(|\bmockClient\(/;
const MOCKS_OR_STUBS = /\bvi\.(?:do)?[mM]ock\(|\bmockClient\(|\bvi\.stub(?:Env|Global)\(/;

const testFilesUnder = (dir: string, suffix: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? testFilesUnder(path, suffix) : entry.name.endsWith(suffix) ? [path] : [];
  });

interface Options {
  /** How the test files' names end (`.test.ts`). */
  suffix?: string;
  /** Whether the project's setup undoes stubbed globals and env after each test (the web's DOM setup does, ADR 162). */
  stubsUndone?: boolean;
}

/** The test files under `roots` (folders of the repo) that change what other files would load, as repo-relative paths. */
export function filesThatChangeWhatOthersLoad(roots: readonly string[], options: Options = {}): string[] {
  const pattern = options.stubsUndone ? MOCKS : MOCKS_OR_STUBS;
  return roots
    .flatMap((root) => testFilesUnder(root, options.suffix ?? '.test.ts'))
    .filter((file) => pattern.test(readFileSync(file, 'utf8')));
}

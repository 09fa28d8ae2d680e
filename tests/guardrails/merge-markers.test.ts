import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A merge's conflict markers never land: a resolved conflict that kept `<<<<<<< ` or `>>>>>>> ` lines
 * still typechecks in a Markdown file (the ADR index once carried a pair), so this reads every tracked text
 * file for them. `=======` alone is left out: it is a Markdown heading underline too.
 */
const root = join(import.meta.dirname, '../..');
const MARKER = /^(<{7}|>{7}) /m;

describe('merge markers', () => {
  it('finds a marker line and leaves a quoted arrow alone', () => {
    const open = '<'.repeat(7);
    expect(MARKER.test(`text\n${open} HEAD\n`)).toBe(true);
    expect(MARKER.test('> > > a quote\n')).toBe(false);
  });

  it('no tracked source, doc or config file holds one', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.md', '*.json', '*.yml', '*.yaml', '*.sh', '.ci/run'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(files.filter((file) => MARKER.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});

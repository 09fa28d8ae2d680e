import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments, test names and docs cite what a clone has — the ADRs in docs/decisions and the SPEC's
 * sections — never the team's issue or session numbers, which mean nothing to the next engineer
 * (docs/decisions/README.md indexes the ADRs).
 */
const root = join(import.meta.dirname, '../..');
const CITATION = /\b[Ii]ssue \d+\b|\b[Ss]ession \d{1,2}\b(?!\d)/;

function citationsIn(text: string): string[] {
  return text.split('\n').filter((line) => CITATION.test(line));
}

describe('lasting citations', () => {
  it('finds an issue or session number, and leaves an HTTP status alone', () => {
    // Samples built from parts, so that this file holds no citation itself.
    const cite = (word: string, n: number) => `// see ${word} ${n}`;
    const lines = [cite('issue', 15), cite('Session', 21), 'it("answers a connect session 403")'];
    expect(citationsIn(lines.join('\n'))).toEqual([cite('issue', 15), cite('Session', 21)]);
  });

  it('no tracked source or doc cites an issue or session number', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.md', '*.java', '*.sh', '.ci/run'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const found = files.flatMap((file) => citationsIn(readFileSync(join(root, file), 'utf8')).map((line) => `${file}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});

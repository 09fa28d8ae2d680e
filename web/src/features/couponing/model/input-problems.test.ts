import { parseSerialList, serialListIssueKind } from '@portal/core/couponing';
import { describe, expect, it } from 'vitest';
import { terminalIdProblem } from './input-problems.ts';

describe('serialListIssueKind (core)', () => {
  it('tells a malformed line from a serial past the per-query limit', () => {
    const many = Array.from({ length: 101 }, (_, i) => String(7000100000000000 + i)).join('\n');
    const list = parseSerialList(`${many}\n12ab`);
    expect(list.issues.map((issue) => [issue.line, serialListIssueKind(issue)])).toEqual([
      [101, 'tooMany'],
      [102, 'format'],
    ]);
  });
});

describe('terminalIdProblem (core TerminalId rule)', () => {
  it('names the broken rule', () => {
    expect(terminalIdProblem('T-100_a')).toBeNull();
    expect(terminalIdProblem('  T1 ')).toBeNull();
    expect(terminalIdProblem('')).toBe('required');
    expect(terminalIdProblem('   ')).toBe('required');
    expect(terminalIdProblem('T'.repeat(33))).toBe('tooLong');
    expect(terminalIdProblem('T 1')).toBe('characters');
    expect(terminalIdProblem('T#1')).toBe('characters');
  });
});

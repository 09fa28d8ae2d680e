import type { WorkflowItemDefinition } from '@portal/core/workflow';
import { describe, expect, it } from 'vitest';
import { answerProblem } from './request-item-answers.ts';

const item = (type: WorkflowItemDefinition['type'], extra: Partial<WorkflowItemDefinition> = {}): WorkflowItemDefinition => ({
  itemId: 'i',
  type,
  label: 'Item',
  required: true,
  ...extra,
});

describe('answerProblem (ADR 046: answers per item type)', () => {
  it.each([
    ['number', '42', null],
    ['number', '-3,5', null],
    ['number', '1e3', 'needs a number'],
    ['number', 'NaN', 'needs a number'],
    ['date', '2028-02-29', null],
    ['date', '2027-02-29', 'YYYY-MM-DD'],
    ['date', '2027-13-01', 'YYYY-MM-DD'],
    ['date', '01.02.2027', 'YYYY-MM-DD'],
    ['text', 'anything at all', null],
    ['text', '   ', null],
  ] as const)('%s %j', (type, answer, problem) => {
    const found = answerProblem(item(type), answer);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it('a choice is one of its options; uploads are not answered by text; empty clears', () => {
    const choice = item('choice', { options: ['Kiosk', 'Online'] });
    expect(answerProblem(choice, 'Online')).toBeNull();
    expect(answerProblem(choice, 'online')).toContain('must be one of: Kiosk, Online');
    expect(answerProblem(choice, '')).toBeNull();
    expect(answerProblem(item('file'), 'x')).toContain('uploading');
    expect(answerProblem(item('screenflow'), '')).toContain('uploading');
  });
});

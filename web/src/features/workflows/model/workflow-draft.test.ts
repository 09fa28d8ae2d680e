import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, idOf, inputOf } from './workflow-draft.ts';

describe('workflow editor draft', () => {
  it('derives unique ids from labels', () => {
    expect(idOf('Screen flow (POS)', [])).toBe('screen-flow-pos');
    expect(idOf('Screen flow', ['screen-flow'])).toBe('screen-flow-2');
    expect(idOf('!!!', [])).toBe('item');
  });

  it('turns a filled draft into the contract input and back', () => {
    const draft = emptyDraft();
    draft.name = 'POS screens';
    draft.steps[0]!.name = 'Screens';
    draft.steps[0]!.items[0] = {
      itemId: 'kind',
      type: 'choice',
      label: 'Kind',
      required: true,
      options: 'New\n Redesign \n\n',
      maxFiles: '10',
    };
    const result = inputOf(draft, 'P-1');
    expect('input' in result && result.input.steps[0]!.items[0]!.options).toEqual(['New', 'Redesign']);
    if (!('input' in result)) throw new Error('expected input');
    expect(draftOf({ ...result.input, workflowId: 'wf', version: 1, updatedAt: '', updatedBy: '' })).toEqual({
      ...draft,
      steps: [{ ...draft.steps[0]!, items: [{ ...draft.steps[0]!.items[0]!, options: 'New\nRedesign' }] }],
    });
  });

  it('reports problems by dotted path (core rules)', () => {
    const draft = emptyDraft();
    draft.steps[0]!.items[0]!.type = 'choice';
    draft.steps[0]!.items[0]!.options = 'only one';
    const result = inputOf(draft, 'P-1');
    expect('problems' in result && Object.keys(result.problems)).toEqual(
      expect.arrayContaining(['name', 'steps.0.name', 'steps.0.items.0.label', 'steps.0.items.0.options']),
    );
  });
});

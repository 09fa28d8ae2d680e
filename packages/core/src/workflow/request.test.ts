import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayDo, nextRequestState, REQUEST_ACTIONS, type RequestAction, type RequestState, requestStatus } from './request.ts';

const start = (stepCount: number): RequestState => ({ deleted: 0, approved: 0, rejected: 0, stepIndex: 0, stepCount, submitted: false });

/** Applies the allowed actions of a sequence, skipping the others (the server answers those 409). */
function run(stepCount: number, actions: RequestAction[]) {
  let state = start(stepCount);
  const trace: { before: RequestState; action: RequestAction; after: RequestState }[] = [];
  for (const action of actions) {
    if (!mayDo(state, action)) {
      expect(() => nextRequestState(state, action)).toThrow(RangeError);
      continue;
    }
    const after = nextRequestState(state, action);
    trace.push({ before: state, action, after });
    state = after;
  }
  return { state, trace };
}

const sequences = fc.record({
  stepCount: fc.integer({ min: 1, max: 5 }),
  actions: fc.array(fc.constantFrom(...REQUEST_ACTIONS), { maxLength: 60 }),
});

describe('workflow request state rules (SPEC 4: finalised only when deleted, approved and rejected are all 0)', () => {
  it('no sequence of actions breaks the flags rule', () => {
    fc.assert(
      fc.property(sequences, ({ stepCount, actions }) => {
        const { trace } = run(stepCount, actions);
        for (const { before, after } of trace) {
          // approved and rejected are never both set; the step stays inside the workflow.
          expect(after.approved && after.rejected).toBe(0);
          expect(after.stepIndex).toBeLessThan(stepCount);
          // Finalising (approved 0 -> 1) happens only from a request whose three flags are all 0.
          if (!before.approved && after.approved) expect([before.deleted, before.approved, before.rejected]).toEqual([0, 0, 0]);
          // An archived request never changes again; an approved one can only be archived.
          expect(before.deleted).toBe(0);
          if (before.approved) expect(after.deleted).toBe(1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a request is approved only after every step was approved once, in order', () => {
    fc.assert(
      fc.property(sequences, ({ stepCount, actions }) => {
        const { state, trace } = run(stepCount, actions);
        const approvals = trace.filter((t) => t.action === 'approve').length;
        expect(state.approved).toBe(approvals === stepCount ? 1 : 0);
        expect(approvals).toBeLessThanOrEqual(stepCount);
      }),
      { numRuns: 500 },
    );
  });

  it('decisions need a submitted step; a rejection is answered by a resubmission', () => {
    let s = start(2);
    expect(mayDo(s, 'approve')).toBe(false);
    s = nextRequestState(s, 'submit');
    expect(requestStatus(s)).toBe('pending');
    s = nextRequestState(s, 'reject');
    expect([requestStatus(s), mayDo(s, 'approve'), mayDo(s, 'submit')]).toEqual(['rejected', false, true]);
    s = nextRequestState(nextRequestState(s, 'submit'), 'approve');
    expect([s.stepIndex, requestStatus(s)]).toEqual([1, 'draft']);
    s = nextRequestState(nextRequestState(s, 'submit'), 'approve');
    expect(requestStatus(s)).toBe('approved');
    expect(() => nextRequestState(s, 'reject')).toThrow(RangeError);
  });
});

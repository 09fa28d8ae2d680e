import { describe, expect, it } from 'vitest';
import { currentSnack, initialSnackState, SNACK_DISMISS_MS, snackReducer } from './snack.ts';

const push = (state = initialSnackState, text = 'Saved', extra = {}) => snackReducer(state, { type: 'push', snack: { text, ...extra } });

describe('snack queue', () => {
  it('shows one message at a time, in order', () => {
    const s = push(push(push(), 'Second'), 'Third');
    expect(s.queue.map((x) => x.text)).toEqual(['Saved', 'Second', 'Third']);
    expect(currentSnack(s)?.text).toBe('Saved');
    const after = snackReducer(s, { type: 'dismiss', id: s.queue[0]!.id });
    expect(currentSnack(after)?.text).toBe('Second');
  });

  it('ignores a message whose text is already queued (shown or waiting)', () => {
    const s = push(push(push(), 'Other'), 'Saved');
    expect(s.queue.map((x) => x.text)).toEqual(['Saved', 'Other']);
    const again = push(s, 'Other', { theme: 'red' });
    expect(again).toBe(s);
  });

  it('accepts the same text again once it was dismissed', () => {
    const s = push();
    const dismissed = snackReducer(s, { type: 'dismiss', id: s.queue[0]!.id });
    expect(push(dismissed).queue).toHaveLength(1);
  });

  it('ignores empty texts and unknown ids', () => {
    expect(push(initialSnackState, '   ')).toBe(initialSnackState);
    const s = push();
    expect(snackReducer(s, { type: 'dismiss', id: 999 })).toBe(s);
  });

  it('defaults to a dark toast, keeps theme, title and mode', () => {
    expect(push().queue[0]).toMatchObject({ theme: 'dark', mode: 'toast' });
    const s = push(initialSnackState, 'Failed', { theme: 'red', title: 'Oops', mode: 'fixed' });
    expect(s.queue[0]).toMatchObject({ text: 'Failed', theme: 'red', title: 'Oops', mode: 'fixed' });
  });

  it('a newer success replaces older ones at once, shown or waiting (ADR 017)', () => {
    const green = { theme: 'green' };
    const shown = push(initialSnackState, 'Suggested quantities applied', green);
    const replaced = push(shown, 'Order created', green);
    expect(replaced.queue.map((x) => x.text)).toEqual(['Order created']);
    expect(currentSnack(replaced)?.id).not.toBe(currentSnack(shown)?.id); // a new id restarts the 10 s
    const waiting = push(push(push(initialSnackState, 'Failed', { theme: 'red' }), 'Saved', green), 'Notice');
    expect(push(waiting, 'Order created', green).queue.map((x) => x.text)).toEqual(['Failed', 'Order created', 'Notice']);
  });

  it('never replaces errors or notices with a success', () => {
    const s = push(push(initialSnackState, 'Failed', { theme: 'red' }), 'Notice');
    expect(push(s, 'Saved', { theme: 'green' }).queue.map((x) => x.text)).toEqual(['Failed', 'Notice', 'Saved']);
  });

  it('auto-dismisses after 10 s (SPEC 9)', () => {
    expect(SNACK_DISMISS_MS).toBe(10_000);
  });
});

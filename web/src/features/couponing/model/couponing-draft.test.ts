import { parseSerialList } from '@portal/core/couponing';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSession, setSession } from '../../../lib/session.ts';
import { signedIn } from '../../../test/fixtures.ts';
import {
  CouponingDraft,
  canQuery,
  couponingStore,
  emptyCouponingDraft,
  setFilterText,
  setTerminalId,
  submitFilter,
} from './couponing-draft.ts';

beforeEach(() => couponingStore.set(emptyCouponingDraft));

describe('the Filter step', () => {
  it('may query only serials without bad lines', () => {
    expect(canQuery(parseSerialList(''))).toBe(false);
    expect(canQuery(parseSerialList('7000100000000012\n7000100000000012'))).toBe(true);
    expect(canQuery(parseSerialList('7000100000000012\nabc'))).toBe(false);
  });

  it('sends the serials of the text to the Query step and keeps the text', () => {
    const text = '7000100000000012\n7000-1000-0000-0013, 7000100000000012\n\n';
    expect(submitFilter(text)).toBe(true);
    expect(couponingStore.get()).toEqual({ text, serials: ['7000100000000012', '7000100000000013'], terminalId: '' });
  });

  it('changes nothing for text that cannot be queried', () => {
    submitFilter('7000100000000012');
    setFilterText('7000100000000012\n12');
    expect(submitFilter('7000100000000012\n12')).toBe(false);
    expect(couponingStore.get().serials).toEqual(['7000100000000012']);
    expect(couponingStore.get().text).toBe('7000100000000012\n12');
  });
});

describe('storage', () => {
  it('round-trips through sessionStorage text and rejects foreign shapes', () => {
    const draft = { text: 'a', serials: ['7000100000000012'], terminalId: 'T-1' };
    expect(CouponingDraft.parse(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
    expect(CouponingDraft.safeParse({ text: 1 }).success).toBe(false);
    expect(CouponingDraft.safeParse({ ...draft, serials: Array(101).fill('7000100000000012') }).success).toBe(false);
  });

  it("ends with the ordering portal's session, not with connect's", () => {
    setSession('ordering', signedIn());
    setSession('connect', signedIn());
    submitFilter('7000100000000012');
    setTerminalId('T-1');
    resetSession('connect');
    expect(couponingStore.get().terminalId).toBe('T-1');
    resetSession('ordering');
    expect(couponingStore.get()).toEqual(emptyCouponingDraft);
  });
});

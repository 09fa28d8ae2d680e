import { firstStatus } from '../lib/api-first-reads.ts';
import { createStore, useStore } from '../lib/store.ts';

/**
 * What the page's first status read said (api-first-reads.ts), for the two login pages (/ and /connect):
 * 'pending' while it is out, then its answer; undefined where none was sent (the tests' fake backend, the dev
 * entry). home-decision.ts reads it before the data layer's session exists (ADR 149).
 */
export type FirstStatus = 'pending' | 'signedOut' | 'other' | undefined;
const said = createStore<FirstStatus>(undefined);

/** Follows the first status read if there is one: its answer, once (the router's start of the branch). */
export function followFirstStatus(): Promise<'signedOut' | 'other'> | undefined {
  const read = firstStatus();
  if (!read) return undefined;
  said.set('pending');
  void read.then((answer) => said.set(answer));
  return read;
}

export const useFirstStatus = (): FirstStatus => useStore(said);

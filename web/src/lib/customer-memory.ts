import * as z from '@portal/core/zod';
import { useCallback } from 'react';
import { createPersistentStore, useStore } from './store.ts';
import { useSessionState } from './session.ts';

/**
 * The connect customer each user chose last, per username, in localStorage (`portal.customers`): the
 * connect sections that act for one customer (Transactions, Sales, Reports and a new report) start with it,
 * as the ordering portal starts with the remembered retailer (features/retailer/api/retailer-memory.ts).
 * One memory for every section, so a choice made on one is the start of the next (ADR 053). It is a hint
 * only: it counts when the server still lists the customer for the user (master data); only ids are kept.
 */

/** At most this many users are remembered per device; the oldest choice goes first. */
const MAX_REMEMBERED = 20;

const Memory = z
  .array(z.object({ key: z.string().check(z.maxLength(300)), customerId: z.string().check(z.maxLength(100)) }))
  .check(z.maxLength(MAX_REMEMBERED));
export const customerMemory = createPersistentStore('local', 'portal.customers', Memory, []);

const keyOf = (username: string) => `connect:${username.trim().toLowerCase()}`;

export const rememberedCustomer = (username: string): string | null =>
  customerMemory.get().find((entry) => entry.key === keyOf(username))?.customerId ?? null;

/** Remembers `customerId` as `username`'s last choice (most recent first). */
export function rememberCustomer(username: string, customerId: string): void {
  const key = keyOf(username);
  if (customerMemory.get()[0]?.key === key && customerMemory.get()[0]?.customerId === customerId) return;
  customerMemory.set((all) => [{ key, customerId }, ...all.filter((e) => e.key !== key)].slice(0, MAX_REMEMBERED));
}

/**
 * The customer a screen starts with, of the ones the server lists for the user now (in their order): the
 * only one; else the remembered one if still listed; else none ('' — the screen asks). `idOf` reads a
 * customer id from a list entry (a screen may list one id twice, e.g. as retailer and as provider: the
 * first wins).
 */
export function preferredCustomer<T>(
  listed: readonly T[] | undefined,
  remembered: string | null,
  idOf: (entry: T) => string,
): T | undefined {
  if (!listed || listed.length === 0) return undefined;
  if (listed.length === 1) return listed[0];
  return remembered === null ? undefined : listed.find((entry) => idOf(entry) === remembered);
}

/**
 * The signed-in connect user's remembered customer and the way to remember a new choice. `remember` ignores
 * an empty id and a user the session does not name.
 */
export function useCustomerMemory(): { remembered: string | null; remember: (customerId: string) => void } {
  const username = useSessionState().status?.user?.username;
  const memory = useStore(customerMemory);
  const key = username ? keyOf(username) : null;
  const remembered = key ? (memory.find((entry) => entry.key === key)?.customerId ?? null) : null;
  const remember = useCallback(
    (customerId: string) => {
      if (username && customerId) rememberCustomer(username, customerId);
    },
    [username],
  );
  return { remembered, remember };
}

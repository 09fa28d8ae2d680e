import { type Portal, RETAILER_LIST_PAGE_SIZE } from '@portal/core/shared';
import type { RetailersPage } from '@portal/core/ordering';
import * as z from '@portal/core/zod';
import { ChosenRetailer } from '../../../lib/session.ts';
import { createPersistentStore } from '../../../lib/store.ts';
import { fetchRetailers, type RetailerQuery } from './retailers.ts';

/**
 * The last retailer each user chose, per portal and username, in localStorage (`portal.retailers`), so
 * a new tab or a new session starts with it. It is a hint only: before it counts it is checked against
 * the retailers the server lists for the user now (a revoked retailer is never restored). Only ids and
 * names are kept, nothing a shared device should not show.
 */

/** At most this many users are remembered per device; the oldest choice goes first. */
const MAX_REMEMBERED = 20;

const Memory = z.array(z.object({ key: z.string().check(z.maxLength(300)), retailer: ChosenRetailer })).check(z.maxLength(MAX_REMEMBERED));
export const retailerMemory = createPersistentStore('local', 'portal.retailers', Memory, []);

const keyOf = (portal: Portal, username: string) => `${portal}:${username.trim().toLowerCase()}`;

export const rememberedRetailer = (portal: Portal, username: string): ChosenRetailer | null =>
  retailerMemory.get().find((entry) => entry.key === keyOf(portal, username))?.retailer ?? null;

/** Remembers `retailer` as `username`'s last choice on `portal` (most recent first). */
export function rememberRetailer(portal: Portal, username: string, retailer: ChosenRetailer): void {
  const key = keyOf(portal, username);
  retailerMemory.set((all) => [{ key, retailer }, ...all.filter((e) => e.key !== key)].slice(0, MAX_REMEMBERED));
}

export type FetchRetailers = (portal: Portal, query: RetailerQuery, pageSize?: number) => Promise<RetailersPage>;

/**
 * The retailer to start with when none is chosen in this session: the remembered one if the server
 * still lists it for the user (with its current name), else the only one when the user has exactly one,
 * else none (the user chooses). The search matches ids by substring, so the exact id is looked for in
 * one full-size page.
 */
export async function resolveRetailer(
  portal: Portal,
  remembered: ChosenRetailer | null,
  readPage: FetchRetailers = fetchRetailers,
): Promise<ChosenRetailer | null> {
  if (remembered) {
    const page = await readPage(portal, { search: remembered.id, index: 0 }, RETAILER_LIST_PAGE_SIZE);
    const hit = page.items.find((r) => r.customerId === remembered.id);
    if (hit) return { id: hit.customerId, name: hit.name };
  }
  const first = await readPage(portal, { search: '', index: 0 });
  const only = first.totalCount === 1 ? first.items[0] : undefined;
  return only ? { id: only.customerId, name: only.name } : null;
}

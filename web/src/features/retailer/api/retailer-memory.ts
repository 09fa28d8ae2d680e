import type { Portal } from '@portal/core/shared';
import type { RetailersPage } from '@portal/core/ordering';
import * as z from '@portal/core/zod';
import { ChosenRetailer } from '../../../lib/session.ts';
import { createPersistentStore } from '../../../lib/store.ts';

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

/** The remembered retailer as the server lists it now (its current name), if its exact id is on this page. */
export function listedRetailer(page: RetailersPage, id: string): ChosenRetailer | null {
  const hit = page.items.find((r) => r.customerId === id);
  return hit ? { id: hit.customerId, name: hit.name } : null;
}

/** The user's only retailer, when the first page says they have exactly one. */
export function onlyRetailer(page: RetailersPage): ChosenRetailer | null {
  const only = page.totalCount === 1 ? page.items[0] : undefined;
  return only ? { id: only.customerId, name: only.name } : null;
}

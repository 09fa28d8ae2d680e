import { calendarDateInZone } from '@portal/core/shared';

/** Where services read the current time: `createBackend`'s clock, replaced by tests. */
export type Clock = () => Date;

/** An actor's calendar date in its time zone: "today" of the products step, portal orders (po) and coupon views. */
export const todayOf = (now: Date, timezone: string): string => calendarDateInZone(now, timezone);

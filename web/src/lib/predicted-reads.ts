import { calendarDateInZone, type CalendarDate, type Portal } from '@portal/core/shared';
import { askedFirst, HANDOFF_MS } from './api-first-reads.ts';
import { preferredCustomer, rememberedCustomer } from './customer-memory.ts';
import { FIRST_READS, firstReads, isRecord, sendFirstRead } from './first-reads.ts';
import { userTimeZone } from './user-format.ts';

/**
 * A section's list read predicted from the first reads (ADR 147): what its screen will ask for first on the URL it
 * was opened with, sent as soon as the status and master data answers are in, so the answer is on its way while
 * the shell and the screen are still being built. The API client hands it to the screen only when the screen asks
 * for exactly this path and query (api-first-reads.ts); a wrong prediction is one read nobody takes.
 */

/** What a connect screen's first query is made of, as the screen reads it once its master data is in. */
export interface ScreenStart {
  /** Today in the user's zone (useUserFormat's `today`). */
  today: CalendarDate;
  /** The customer the screen starts with (the only one, else the remembered one still listed, else ''). */
  customerId: string;
}

/** The path and query (as the API client sends it) of the section's first list read, or undefined for none. */
export type PredictListRead = (search: URLSearchParams, start: ScreenStart) => string | undefined;

/**
 * The screen's start from the raw status and master data answers (the screens read the parsed ones: the same fields,
 * through the same functions). Undefined unless the status names a signed-in user.
 */
export function screenStart(status: unknown, masterData: unknown, now = new Date()): ScreenStart | undefined {
  const user = isRecord(status) && status.loggedIn === true && isRecord(status.user) ? status.user : undefined;
  if (!user || typeof user.username !== 'string') return undefined;
  const listed = isRecord(masterData) && Array.isArray(masterData.customers) ? masterData.customers : [];
  const ids = listed.flatMap((customer) => (isRecord(customer) && typeof customer.customerId === 'string' ? [customer.customerId] : []));
  return {
    today: calendarDateInZone(now, userTimeZone(typeof user.timezone === 'string' ? user.timezone : undefined)),
    customerId: preferredCustomer(ids, rememberedCustomer(user.username), (id) => id) ?? '',
  };
}

/**
 * The body of a peeked first read (the status, the master data) when it answered 200, read raw (unparsed): only to
 * predict a read, never to render.
 */
function firstAnswer(path: string): Promise<unknown> | undefined {
  return firstReads.get(path)?.body?.then(
    ({ status, json }) => (status === 200 ? json : undefined),
    () => undefined,
  );
}

/** Sends the predicted read once the status and master data first reads have answered (nothing when either is missing). */
export async function sendPredictedRead(portal: Portal, search: string, predict: PredictListRead): Promise<void> {
  const status = firstAnswer(FIRST_READS.status);
  const masterData = firstAnswer(FIRST_READS.masterData);
  if (!status || !masterData) return;
  const start = screenStart(await status, await masterData);
  const path = start && predict(new URLSearchParams(search), start);
  // The screen was quicker (it asked for this path itself): a prediction now would only read it twice.
  if (!path || askedFirst.has(path) || firstReads.has(path)) return;
  sendFirstRead(path, portal);
  // Nobody took it (a wrong prediction): its body is let go, so it holds no connection of the page's.
  setTimeout(() => {
    const read = firstReads.get(path);
    if (!read || read.taken) return;
    read.taken = true;
    void read.response.then((answer) => answer.body?.cancel()).catch(() => undefined);
  }, HANDOFF_MS);
}

import { type Portal, resolveBrowserLocale } from '@portal/core/shared';
import { FALLBACK_LOCALE, messageLocaleFor } from '../i18n/index.ts';
import { FIRST_READS, firstReads, isRecord, sendFirstReads } from './first-reads.ts';
import { createStore, useStore } from './store.ts';

/**
 * The page's first reads, sent by first-reads.ts as soon as its own small script has run (ADR 135; from the entry
 * before, ADR 117), before vendor-react, React's first render and the data layer (SWR, zod, the API client): `GET auth/status` and `GET brand` on every page, and
 * `GET master-data` on a deep link into a connect section that opens on it (its customer and date pickers):
 * - on a deep link they are then on the wire while the data layer and the screen's code download, instead of
 *   after them (ADR 097 had the first two start when the data layer ran, the section's when its screen rendered);
 * - on the login page the data layer waits for the visitor's first input (data-bridge.ts); until then this
 *   module alone tells whether the visitor is signed in after all (`firstStatus`) and gives the brand's name
 *   (`useFirstBrandName`; its footer links follow with the data layer).
 * The API client (api-client.ts) takes each answer over for the same request (`takeFirstRead`): once, within
 * `HANDOFF_MS`, for the same portal. From there on it is parsed with the core contracts and its failures are
 * reported as before; what this module reads of it (a copy) only decides what to load and shows the brand
 * until the parsed one replaces it. An answer nobody asks for (a signed-out visitor's 401) is dropped quietly.
 * Only in the built app: the tests install their fake backend per test.
 */

/** Older than this an answer is read again (as useSession's deduping window, lib/auth.ts). */
export const HANDOFF_MS = 10_000;
let followed = false;

/**
 * Starts the reads for the portal and the path of the address unless the page's first-reads script has (the entry
 * calls it once, in the built app only), and follows their answers: the status says the locale of the section's
 * texts, the brand its name.
 */
export function startFirstReads(portal: Portal, pathname: string): void {
  sendFirstReads(portal, pathname);
  if (followed) return;
  followed = true;
  const status = firstReads.get(FIRST_READS.status);
  void status?.body?.then(({ json }) => preloadSectionTexts(messageLocaleFor(status.portal, userLocale(status.portal, json))));
  void firstReads
    .get(FIRST_READS.brand)
    ?.body?.then(({ status: code, json }) => firstBrandName.set(code === 200 ? nameOf(json) : undefined));
}

/**
 * The answer of a first read for this request, if it is one (a plain GET of the same path for the same portal,
 * within HANDOFF_MS), handed over once: the API client uses it instead of sending the request again.
 */
export function takeFirstRead(method: string, url: string, portal: Portal): Promise<Response> | undefined {
  // Nothing started (tests, or every first read taken): no lookup, and no URL parsed against the page's origin.
  if (method !== 'GET' || firstReads.size === 0 || typeof window === 'undefined') return undefined;
  const { pathname, search } = new URL(url, window.location.origin);
  // By path and query as sent: a predicted list read (ADR 147) is taken only by exactly its query.
  const read = firstReads.get(pathname + search);
  // Asked for before any first read of it: a prediction of it now would be read twice (ADR 147).
  if (!read) askedFirst.add(pathname + search);
  if (!read || read.taken) return undefined;
  read.taken = true;
  return read.portal === portal && performance.now() - read.at < HANDOFF_MS ? read.response : undefined;
}

/** The paths (with their queries) the API client asked for while first reads were out, none of them for it. */
export const askedFirst = new Set<string>();

/**
 * Whether a first read of this path for this portal came back OK and is still waiting to be taken over (undefined when
 * there is none to wait for): a screen's module may then read it (resource-client.ts, ADR 139) before the screen
 * renders. A failed answer is left to the screen's own read, so nothing reports it for a screen that is not shown.
 */
export function firstReadAnswered(path: string, portal: Portal): Promise<boolean> | undefined {
  const read = firstReads.get(path);
  if (!read || read.taken || read.portal !== portal) return undefined;
  return read.response.then(
    (answer) => answer.ok && !read.taken && performance.now() - read.at < HANDOFF_MS,
    () => false,
  );
}

/**
 * What the first status read says, read raw: 'signedOut' only for a plain signed-out answer (200 with
 * `loggedIn: false`, or a 401); 'other' for a signed-in session, a failure or an answer it cannot read (the
 * data layer then loads at once and handles it as before); undefined when no first read was started.
 */
export function firstStatus(): Promise<'signedOut' | 'other'> | undefined {
  const read = firstReads.get(FIRST_READS.status);
  return read?.body?.then(
    ({ status, json }) => (status === 401 || (status === 200 && isRecord(json) && json.loggedIn === false) ? 'signedOut' : 'other'),
    () => 'other' as const,
  );
}

/**
 * A signed-in section's page (web/build/section-pages.ts, ADR 131) preloads its catalogues' English files and names
 * the other locales' in a meta: once the status says the user's locale (as the root layout picks it: the user's,
 * else the browser's), their files are asked for too, beside the screen's chunks, instead of after its first render.
 */
function preloadSectionTexts(locale: string): void {
  if (locale === FALLBACK_LOCALE) return;
  const texts = document.querySelector<HTMLMetaElement>('meta[name="section-texts"]')?.content ?? '';
  const files = texts
    .split(';')
    .map((entry) => entry.split(' '))
    .find(([owner]) => owner === locale)
    ?.slice(1);
  for (const file of files ?? []) {
    if (!file.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

function userLocale(portal: Portal, json: unknown): string | undefined {
  const user = isRecord(json) && isRecord(json.user) ? json.user : undefined;
  if (typeof user?.locale === 'string') return user.locale;
  return typeof navigator === 'undefined' ? undefined : resolveBrowserLocale(portal, [...navigator.languages, navigator.language]);
}

const firstBrandName = createStore<string | undefined>(undefined);
/** The brand's name from the first read, undefined until it is in (or when it could not be read). */
export const useFirstBrandName = () => useStore(firstBrandName);

/** Only the name (a string within the contract's 200 characters, core's BrandSettings); the rest waits for the contract. */
function nameOf(json: unknown): string | undefined {
  const name = isRecord(json) ? json.name : undefined;
  return typeof name === 'string' && name.length <= 200 ? name : undefined;
}

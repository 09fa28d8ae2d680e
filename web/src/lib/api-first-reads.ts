import { type FooterLink, type Portal, PORTAL_HEADER, XSSI_PREFIX } from '@portal/core/shared';
import { createStore, useStore } from './store.ts';

/**
 * The page's first two reads, `GET auth/status` and `GET brand`, started by the entry the moment the app's code
 * runs (ADR 117), before React renders and before the data layer (SWR, zod, the API client) is there:
 * - on a deep link they are then on the wire while the data layer and the screen's code download, instead of
 *   after them (ADR 097 had them start when the data layer ran);
 * - on the login page the data layer waits for the visitor's first input (data-bridge.ts); until then this
 *   module alone tells whether the visitor is signed in after all (`firstStatus`) and shows the brand's name and
 *   footer links (`useFirstBrand`).
 * The API client (api-client.ts) takes each answer over for the same request (`takeFirstRead`): once, within
 * `HANDOFF_MS`, for the same portal. From there on it is parsed with the core contracts and its failures are
 * reported as before; what this module reads of it (a clone) only decides what to load and shows the brand
 * until the parsed one replaces it. Only in the built app: the tests install their fake backend per test.
 */
const FIRST_READS = { status: '/api/auth/status', brand: '/api/brand' } as const;
/** Older than this an answer is read again (as useSession's deduping window, lib/auth.ts). */
const HANDOFF_MS = 10_000;

interface Started {
  portal: Portal;
  at: number;
  response: Promise<Response>;
  /** A copy of the body taken as the answer arrives (before the API client reads the original). */
  body: Promise<{ status: number; json: unknown }>;
  taken?: boolean;
}
const started = new Map<string, Started>();

function read(path: string, portal: Portal): Started {
  const response = fetch(path, { headers: { [PORTAL_HEADER]: portal, Accept: 'application/json' }, credentials: 'same-origin' });
  const body = response.then(async (answer) => {
    const text = await answer.clone().text();
    return { status: answer.status, json: parseJson(text.startsWith(XSSI_PREFIX) ? text.slice(XSSI_PREFIX.length) : text) };
  });
  // Whoever takes the answer over reports its failure; unclaimed, it is dropped quietly.
  response.catch(() => undefined);
  body.catch(() => undefined);
  return { portal, at: performance.now(), response, body };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts both reads for the portal of the address (the entry calls it once, in the built app only). */
export function startFirstReads(portal: Portal): void {
  for (const path of Object.values(FIRST_READS)) started.set(path, read(path, portal));
  void started
    .get(FIRST_READS.brand)
    ?.body.then(({ status, json }) => firstBrandStore.set(status === 200 ? brandView(json) : undefined))
    .catch(() => undefined);
}

/**
 * The answer of a first read for this request, if it is one (a plain GET of the same path for the same portal,
 * within HANDOFF_MS), handed over once: the API client uses it instead of sending the request again.
 */
export function takeFirstRead(method: string, url: string, portal: Portal): Promise<Response> | undefined {
  if (method !== 'GET' || typeof window === 'undefined') return undefined;
  const { pathname, search } = new URL(url, window.location.origin);
  const read = search ? undefined : started.get(pathname);
  if (!read || read.taken) return undefined;
  read.taken = true;
  return read.portal === portal && performance.now() - read.at < HANDOFF_MS ? read.response : undefined;
}

/**
 * What the first status read says, read raw: 'signedOut' only for a plain signed-out answer (200 with
 * `loggedIn: false`, or a 401); 'other' for a signed-in session, a failure or an answer it cannot read (the
 * data layer then loads at once and handles it as before); undefined when no first read was started.
 */
export function firstStatus(): Promise<'signedOut' | 'other'> | undefined {
  const read = started.get(FIRST_READS.status);
  return read?.body.then(
    ({ status, json }) => (status === 401 || (status === 200 && isRecord(json) && json.loggedIn === false) ? 'signedOut' : 'other'),
    () => 'other' as const,
  );
}

/** The brand as the public shell shows it before the data layer has parsed the answer: its name and footer links. */
export interface FirstBrand {
  name: string;
  /** The footer links per language, as core's `brandTexts` reads them (`en` always there). */
  texts: { en: { footerLinks: FooterLink[] } } & Partial<Record<'de' | 'fr' | 'pl', { footerLinks: FooterLink[] }>>;
}

const firstBrandStore = createStore<FirstBrand | undefined>(undefined);
/** The brand from the first read, undefined until it is in (or when it could not be read). */
export const useFirstBrand = () => useStore(firstBrandStore);

/**
 * Only what the login page's shell shows, each field checked for its type and bounds (the contract's limits,
 * core's BrandSettings); anything else is dropped. A footer link keeps an http(s) address or an absolute path
 * only, so nothing but a link's text and target reaches the page before the contract has read the answer.
 */
function brandView(json: unknown): FirstBrand | undefined {
  if (!isRecord(json) || typeof json.name !== 'string' || json.name.length > 200 || !isRecord(json.texts)) return undefined;
  const texts = json.texts;
  const links = (language: string) => {
    const entry = texts[language];
    if (!isRecord(entry) || !Array.isArray(entry.footerLinks)) return undefined;
    return entry.footerLinks.slice(0, 20).flatMap((link: unknown): FooterLink[] => {
      if (!isRecord(link) || typeof link.name !== 'string' || link.name.length > 100) return [];
      if (typeof link.href === 'string' && /^https?:\/\/[^\s/]/i.test(link.href) && link.href.length <= 2000)
        return [{ name: link.name, href: link.href }];
      if (typeof link.path === 'string' && /^\/(?!\/)/.test(link.path) && link.path.length <= 500)
        return [{ name: link.name, path: link.path }];
      return [];
    });
  };
  const en = links('en');
  if (!en) return undefined;
  const view: FirstBrand = { name: json.name, texts: { en: { footerLinks: en } } };
  for (const language of ['de', 'fr', 'pl'] as const) {
    const footerLinks = links(language);
    if (footerLinks) view.texts[language] = { footerLinks };
  }
  return view;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

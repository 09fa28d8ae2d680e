import { type Portal, PORTAL_HEADER, XSSI_PREFIX } from '@portal/core/shared';
import { paths } from './paths.ts';
import { portalOfPath } from './portal-of-path.ts';

/**
 * The page's first reads, sent by a script of their own (ADR 135): the built pages (index.html and the sections'
 * pages, web/build/section-pages.ts) load this module's chunk with `<script type="module" async>` before the entry,
 * so the reads leave once these ~2 KB are in, instead of once the entry and vendor-react (~90 KB) have downloaded
 * and run (ADR 117 started them from the entry). The entry imports the same chunk (one module, one set of reads);
 * api-first-reads.ts hands the answers to the API client and reads what it needs of them. No React, no zod, nothing
 * the entry's chunk holds: the group `first-reads` in web/vite.config.ts keeps this chunk free of imports.
 */
export const FIRST_READS = { status: '/api/auth/status', brand: '/api/brand', masterData: '/api/master-data' } as const;
/** The connect sections whose screen reads the master data first (their `useMasterData`). */
const MASTER_DATA_SECTIONS = [
  paths.connect.transactions,
  paths.connect.reports,
  paths.connect.sales,
  paths.connect.imports,
  paths.connect.serialNumbers,
  paths.connect.documents,
];
/**
 * Pages that read the master data on their own URL only, not below it: the requests list (its customers pick the
 * workflows its filter offers, a read that otherwise waits for the master data's; ADR 139), not a request's page.
 */
const MASTER_DATA_PAGES: string[] = [paths.connect.requests];

export interface FirstRead {
  portal: Portal;
  at: number;
  response: Promise<Response>;
  /** A copy of the body taken as the answer arrives (before the API client reads the original). */
  body?: Promise<{ status: number; json: unknown }>;
  taken?: boolean;
}
/** The reads started, by path and query as the API client asks for them (api-first-reads.ts hands each over once). */
export const firstReads = new Map<string, FirstRead>();

function read(path: string, portal: Portal, peek: boolean): FirstRead {
  const response = fetch(path, { headers: { [PORTAL_HEADER]: portal, Accept: 'application/json' }, credentials: 'same-origin' });
  const body = peek
    ? response.then(async (answer) => {
        const text = await answer.clone().text();
        return { status: answer.status, json: parseJson(text.startsWith(XSSI_PREFIX) ? text.slice(XSSI_PREFIX.length) : text) };
      })
    : undefined;
  // Whoever takes the answer over reports its failure; unclaimed, it is dropped quietly.
  response.catch(() => undefined);
  body?.catch(() => undefined);
  return { portal, at: performance.now(), response, body };
}

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/** Sends the reads for the portal and the path of the address, once (the page's script, else the entry). */
export function sendFirstReads(portal: Portal, pathname: string): void {
  if (firstReads.size > 0) return;
  firstReads.set(FIRST_READS.status, read(FIRST_READS.status, portal, true));
  firstReads.set(FIRST_READS.brand, read(FIRST_READS.brand, portal, true));
  // Peeked: a section's predicted list read (ADR 147) needs its customers.
  if (MASTER_DATA_PAGES.includes(pathname) || MASTER_DATA_SECTIONS.some((root) => pathname === root || pathname.startsWith(`${root}/`)))
    firstReads.set(FIRST_READS.masterData, read(FIRST_READS.masterData, portal, true));
}

/**
 * A read more, once per path (a section's predicted list read, ADR 147): the API client takes it over as it takes the
 * others, when it asks for exactly this path and query.
 */
export function sendFirstRead(path: string, portal: Portal): void {
  if (!firstReads.has(path)) firstReads.set(path, read(path, portal, false));
}

/** A JSON object (not an array or null): the raw answers' fields are read only through it. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// In the built app, as this chunk runs; the tests install their fake backend per test and call the entry's start.
if (import.meta.env.PROD && typeof window !== 'undefined') sendFirstReads(portalOfPath(window.location.pathname), window.location.pathname);

import type { Portal } from '@portal/core/shared';
import { firstAnswer } from '../lib/api-first-reads.ts';
import { FIRST_READS, isRecord } from '../lib/first-reads.ts';
import { paths } from '../lib/paths.ts';

/**
 * The sections whose first list read is predicted from the first reads (ADR 147), by the exact path of the page:
 * each predictor sits in its feature's keys module (its screen's query functions) and is imported through the section's
 * route module, the chunk the section's page already downloaded (ADR 131): no file more, and no other page (the login
 * page included) carries their bytes.
 */
const PREDICTED: Record<string, () => Promise<{ sendFirstListRead: (portal: Portal, search: string) => Promise<void> }>> = {
  [paths.connect.transactions]: () => import('./routes/connect-transactions-route.tsx'),
};

/**
 * Sends the page's predicted list read, if it has one, once the status and master data answers are in (settled when
 * sent or given up; never rejects: a predictor that cannot load costs nothing but the prediction).
 */
export function sendSectionFirstRead(portal: Portal, pathname: string, search: string): Promise<void> {
  const load = portal === 'connect' ? PREDICTED[pathname] : undefined;
  if (!load) return Promise.resolve();
  return load()
    .then(({ sendFirstListRead }) => sendFirstListRead(portal, search))
    .catch(() => undefined);
}

/**
 * The connect header's logo (the session's brandingUrl, ADR 084: what BrandMark's <img> shows), asked for as the data
 * layer runs once the status answer names it, instead of when the shell first renders (ADR 147). A preload of exactly
 * the <img>'s URL: the image then uses the preloaded answer (one request in the waterfall). Only a same-origin path.
 */
export function preloadHeaderLogo(portal: Portal): void {
  if (portal !== 'connect') return;
  void firstAnswer(FIRST_READS.status)?.then((status) => {
    const user = isRecord(status) && status.loggedIn === true && isRecord(status.user) ? status.user : undefined;
    const url = user?.brandingUrl;
    // A path of this origin only (the API's logo route); never a URL of another host.
    if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = url;
    document.head.append(link);
  });
}

import { isPortal, type Portal } from '@portal/core/shared';
import useSWR from 'swr';
import * as z from '@portal/core/zod';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { accountKeys } from './keys.ts';

/** GET account/sessions: the account's live sessions on both portals. */
export const ActiveSession = z.object({
  id: z.string(),
  current: z.boolean(),
  portal: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
});
export type ActiveSession = z.infer<typeof ActiveSession>;
const Sessions = z.object({ sessions: z.array(ActiveSession) });

export const fetchSessions = async (portal: Portal) => (await readJson(await api({ portal }).account.sessions.$get(), Sessions)).sessions;

export function useActiveSessions() {
  const portal = usePortal();
  return useSWR(accountKeys.sessions(portal), ([, p]) => fetchSessions(p), { shouldRetryOnError: false });
}

/** POST account/sessions/end-others: every session of the account except this one ends. */
export async function endOtherSessions(portal: Portal): Promise<number> {
  const res = await api({ portal }).account.sessions['end-others'].$post();
  return (await readJson(res, z.object({ success: z.literal(true), ended: z.number() }))).ended;
}

/** The current session first, then the most recently used. */
export function sortSessions(sessions: readonly ActiveSession[]): ActiveSession[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

export const sessionPortal = (session: ActiveSession): Portal | null => (isPortal(session.portal) ? session.portal : null);

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short, readable name for a session's browser: 'Chrome on Linux', 'Safari on iOS'. Null when nothing
 * is recognised (the page then shows the raw text, if any).
 */
export function describeUserAgent(userAgent: string | null): { browser?: string; system?: string } | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return null;
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}) };
}

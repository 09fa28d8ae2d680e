/** The browser's own time zone (Intl), or undefined where it cannot say. */
export function ownTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The report time zones in the order the picker offers them (ADR 053): the user's own zone first (when
 * master data lists it), then the rest as listed; a schedule's saved zone that master data no longer lists
 * stays offered (first), so opening a schedule never changes its zone.
 */
export function zonesOwnFirst(listed: readonly string[], own: string | undefined, current: string): string[] {
  const first = [...(listed.includes(current) ? [] : [current]), ...(own && listed.includes(own) ? [own] : [])];
  return [...first, ...listed.filter((zone) => !first.includes(zone))];
}

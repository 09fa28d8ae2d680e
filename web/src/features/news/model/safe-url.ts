/**
 * The URLs a news body may link to (ADR 081): http(s) and mailto only. Anything else (javascript:, data:,
 * relative paths, protocol-relative //host) becomes no link at all.
 */
export function safeNewsUrl(url: string): string {
  const value = url.trim();
  return /^(https?:\/\/[^\s/]|mailto:[^\s])/i.test(value) ? value : '';
}

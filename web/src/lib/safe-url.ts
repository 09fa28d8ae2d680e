/**
 * The URLs a supplier's Markdown text (news, ADR 081; terms of use, ADR 086) may link to: http(s) and mailto only. Anything else (javascript:, data:,
 * relative paths, protocol-relative //host) becomes no link at all.
 */
export function safeLinkUrl(url: string): string {
  const value = url.trim();
  return /^(https?:\/\/[^\s/]|mailto:[^\s])/i.test(value) ? value : '';
}

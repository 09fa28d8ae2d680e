import { BlockList, isIP } from 'node:net';

/**
 * An account's IP allowlist (ADR 020: LOGIN.FORM.ERROR.INVALID_IP): entries are addresses or CIDR
 * ranges, IPv4 or IPv6. An empty list allows every address; an unknown client address matches nothing.
 */
export function isAddressAllowed(address: string | undefined, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  if (!address) return false;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const entry of allowlist) {
    const [net, prefix] = entry.split('/');
    const type = isIP(net!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(net!, type);
    else list.addSubnet(net!, Number(prefix), type);
  }
  return list.check(address, family);
}

/** Validates an allowlist entry for the import and the admin CLI. */
export function isAllowlistEntry(entry: string): boolean {
  const [net, prefix, extra] = entry.split('/');
  const version = isIP(net ?? '');
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

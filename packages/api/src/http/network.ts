/**
 * The network a caller's address belongs to, as one key: IPv4 whole, IPv6 by its /64 (one household
 * or phone gets a whole /64, so counting single IPv6 addresses would give one caller 2^64 of them).
 * Views (decision record 016) and the per-network rate limits (decision record 060) count by it.
 */
export function networkKey(address: string): string {
  const ip = address.replace(/^::ffff:/, '');
  if (!ip.includes(':')) return `ip:${ip}`;
  const groups = ip.split('::')[0]!.split(':');
  const head = ip.includes('::') && groups.length < 4 ? [...groups, ...Array<string>(4 - groups.length).fill('0')] : groups;
  return `ip6:${head.slice(0, 4).map((g) => g.toLowerCase() || '0').join(':')}::/64`;
}

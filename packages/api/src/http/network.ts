/**
 * The network a caller's address belongs to, as one key: IPv4 whole, IPv6 by its /64 (one household
 * or phone gets a whole /64, so counting single IPv6 addresses would give one caller 2^64 of them).
 * Views (decision record 016) and the per-network rate limits (decision record 060) count by it.
 */
export function networkKey(address: string): string {
  const ip = address.replace(/^::ffff:/, '');
  if (!ip.includes(':')) return `ip:${ip}`;
  // The groups before a '::' (all eight without one), then zeros for what it stands for; an empty group is 0 too.
  const groups = [...ip.split('::')[0]!.split(':'), '', '', ''];
  return `ip6:${groups.slice(0, 4).map((g) => g.toLowerCase() || '0').join(':')}::/64`;
}

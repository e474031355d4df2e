import { describe, expect, it } from 'vitest';
import { networkKey } from '@bedriftstorget/api/http/network';

/** The key views and per-network limits count by (http/network.ts): one per IPv4 address, one per IPv6 /64. */
describe('networkKey', () => {
  it('keeps an IPv4 address whole, also when it comes IPv4-mapped', () => {
    expect(networkKey('10.1.2.3')).toBe('ip:10.1.2.3');
    expect(networkKey('::ffff:10.1.2.3')).toBe('ip:10.1.2.3');
  });

  it('cuts an IPv6 address to its /64, whatever the case or the shortening', () => {
    expect(networkKey('2001:DB8:a:B:1:2:3:4')).toBe('ip6:2001:db8:a:b::/64');
    expect(networkKey('2001:db8:a:b::1')).toBe('ip6:2001:db8:a:b::/64');
    expect(networkKey('2001:db8::1')).toBe('ip6:2001:db8:0:0::/64');
    expect(networkKey('2001:db8::')).toBe('ip6:2001:db8:0:0::/64');
    expect(networkKey('::1')).toBe('ip6:0:0:0:0::/64');
    expect(networkKey('::')).toBe('ip6:0:0:0:0::/64');
  });

  it('takes ::ffff: off the front only: elsewhere it is part of an IPv6 address', () => {
    expect(networkKey('2001:db8:1:2::ffff:a')).toBe('ip6:2001:db8:1:2::/64');
    expect(networkKey('fe80::ffff:1:2')).toBe('ip6:fe80:0:0:0::/64');
  });
});

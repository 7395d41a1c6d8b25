import { isIPv6 } from 'node:net';

/**
 * Limits per address count the subscriber, not the address: an IPv6 subscriber is handed a /64 (or
 * more) and picks any address in it, so one address apiece would give them 2^64 allowances.
 */

/** What one subscriber holds of `ip`: an IPv6 address's /64, an IPv4-mapped address's IPv4, else itself. */
export function subscriberOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  // An IPv4 tail (64:ff9b::1.2.3.4) is two groups; only the first four matter here.
  const hex = bare.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head = '', tail] = hex.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const after = tail === '' ? [] : tail.split(':');
    groups.push(...Array<string>(8 - groups.length - after.length).fill('0'), ...after);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address, for per-address rate limits. By default the TCP peer address; the
 * `X-Forwarded-For` header is believed only when the server is told it sits behind
 * `trustProxy` proxies (TRUST_PROXY), and then only the entry the outermost trusted proxy
 * appended, so a client cannot choose its own address by sending the header itself.
 */
export function clientAddress(c: Context, trustProxy = 0): string {
  if (trustProxy > 0) {
    const header = c.req.header('x-forwarded-for');
    if (header) {
      const hops = header
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      const chosen = hops[Math.max(0, hops.length - trustProxy)];
      if (chosen) return chosen.slice(0, 64);
    }
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (app.request() in tests, or a non-Node adapter).
    return 'unknown';
  }
}

/**
 * The network an address belongs to, for per-address limits: an IPv4 address as it is (an
 * IPv4-mapped IPv6 one as its IPv4), an IPv6 address as its /64 (one subscriber usually holds a
 * whole /64 and could otherwise step through it), anything else as it is.
 */
export function addressNetwork(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const [head = '', tail] = bare.split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  if (tailParts.some((part) => part.includes('.')) || headParts.length + tailParts.length > 8) return bare;
  const missing = tail === undefined ? 0 : 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array.from({ length: missing }, () => '0'), ...tailParts];
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return bare;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

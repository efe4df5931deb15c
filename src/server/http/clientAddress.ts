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

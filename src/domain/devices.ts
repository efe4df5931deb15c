/**
 * How a signed-in device is described to its owner: the browser from the User-Agent header and an
 * approximate place from the network address. Deliberately simple and honest: no location
 * database is consulted, so a public address is shown as its network (the last part hidden),
 * never as a town or country we could not know.
 */

const MAX_UA = 512;

/** "Chrome on Windows", "Safari on iPhone", "Firefox on Linux"; "Unknown browser" when nothing matches. */
export function describeBrowser(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, MAX_UA);
  const browser = browserName(ua);
  const system = systemName(ua);
  if (!browser && !system) return 'Unknown browser';
  if (!system) return browser ?? 'Unknown browser';
  return `${browser ?? 'A browser'} on ${system}`;
}

function browserName(ua: string): string | null {
  // Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\b(OPR|Opera)\//.test(ua)) return 'Opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'Firefox';
  if (/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//.test(ua)) return 'Chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua)) return 'Safari';
  if (/\bcurl\//i.test(ua)) return 'curl';
  return null;
}

function systemName(ua: string): string | null {
  if (/\biPhone\b/.test(ua)) return 'iPhone';
  if (/\biPad\b/.test(ua)) return 'iPad';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return null;
}

/**
 * An approximate, truthful place for an address: 'This computer' (loopback), 'Local network'
 * (private, link-local and carrier-grade NAT ranges), else 'Internet address 203.0.113.x' or
 * 'Internet address 2001:db8:1::/48' — the network without the host part, because that is all
 * an address tells without a location lookup. 'Unknown place' when there is no address.
 */
export function describePlace(address: string | null | undefined): string {
  const raw = (address ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw);
  const text = mapped?.[1] ?? raw;
  const v4 = parseIpv4(text);
  if (v4) {
    const [a, b] = v4;
    if (a === 127) return 'This computer';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)) {
      return 'Local network';
    }
    return `Internet address ${v4[0]}.${v4[1]}.${v4[2]}.x`;
  }
  const v6 = parseIpv6(text);
  if (v6) {
    if (v6.every((group, i) => group === (i === 7 ? 1 : 0))) return 'This computer';
    const first = v6[0] ?? 0;
    if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return 'Local network';
    return `Internet address ${v6
      .slice(0, 3)
      .map((group) => group.toString(16))
      .join(':')}::/48`;
  }
  return 'Unknown place';
}

function parseIpv4(text: string): [number, number, number, number] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  if (parts.some((part) => part > 255)) return null;
  return parts as [number, number, number, number];
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address (a zone id is dropped). */
function parseIpv6(text: string): number[] | null {
  const bare = text.split('%')[0] ?? '';
  if (!/^[0-9a-f:]+$/.test(bare) || !bare.includes(':')) return null;
  const halves = bare.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((group) => group.length === 0 || group.length > 4)) return null;
  return all.map((group) => parseInt(group, 16));
}

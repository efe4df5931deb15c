import { describe, expect, it } from 'vitest';
import { describeBrowser, describePlace } from '../../src/domain/devices.ts';

describe('describeBrowser', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1', 'Chrome on iPhone'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 OPR/115.0', 'Opera on Windows'],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown browser'],
    ['<script>alert(1)</script>', 'Unknown browser'],
  ])('%s → %s', (ua, expected) => {
    expect(describeBrowser(ua)).toBe(expected);
  });

  it('handles a missing header and very long input', () => {
    expect(describeBrowser(undefined)).toBe('Unknown browser');
    expect(describeBrowser(`${'x'.repeat(100_000)} Firefox/1`)).toBe('Unknown browser');
  });
});

describe('describePlace', () => {
  it.each([
    ['127.0.0.1', 'This computer'],
    ['::1', 'This computer'],
    ['::ffff:127.0.0.1', 'This computer'],
    ['10.1.2.3', 'Local network'],
    ['172.16.0.9', 'Local network'],
    ['172.32.0.9', 'Internet address 172.32.0.x'],
    ['192.168.1.20', 'Local network'],
    ['::ffff:192.168.1.20', 'Local network'],
    ['100.64.3.4', 'Local network'],
    ['fd12:3456:789a::1', 'Local network'],
    ['fe80::1%eth0', 'Local network'],
    ['203.0.113.77', 'Internet address 203.0.113.x'],
    ['2001:db8:1:2::abcd', 'Internet address 2001:db8:1::/48'],
    ['unknown', 'Unknown place'],
    ['', 'Unknown place'],
    ['999.1.1.1', 'Unknown place'],
    ['1:2:3', 'Unknown place'],
    ["1' OR 1=1", 'Unknown place'],
  ])('%s → %s', (address, expected) => {
    expect(describePlace(address)).toBe(expected);
  });
});

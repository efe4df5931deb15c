// @vitest-environment happy-dom
/**
 * The refund calls of src/api/tax.ts against a stubbed fetch: the request shapes, and
 * estimateRefund's rules from spec sections 7 and 8 — bulk first, each category singly when the
 * bulk call fails, a failed single counted as 0 and logged, a non-finite amount counted as 0.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createSessionClient } from '../../src/api/client.ts';
import { calculateRefund, calculateRefunds, estimateRefund } from '../../src/api/tax.ts';

type Body = { year: number; category?: string; data?: unknown; items?: { category: string; data: unknown }[] };
type Handler = (body: Body) => Response | Promise<Response>;

let seen: { path: string; authorization: string | null; body: Body }[] = [];
function serve(handler: Handler) {
  seen = [];
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const body = (await request.clone().json()) as Body;
    seen.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization'), body });
    return handler(body);
  });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const answer = (amount: unknown) => ({ amount, direction: 'taxBack', rule: 'r', figures: {}, source: 'R1', explanation: 'e', caveats: [] });

const ITEMS = [
  { category: 'rent-tax-credit', data: { rentPaid: 14_400, landlordName: 'Harbour Lettings Ltd' } },
  { category: 'health-expenses', data: { doctorsAndConsultants: 800 } },
  { category: 'rental-income', data: { amount: 5000 } },
];
/** What the stub server says each category is worth. */
const WORTH: Record<string, unknown> = { 'rent-tax-credit': 1000, 'health-expenses': 160.1, 'rental-income': -2000.05 };

/** Answers single calls from WORTH; `bulk` decides the bulk answer. */
function server(bulk: Handler, single: Handler = (body) => json(200, answer(WORTH[body.category!]))) {
  serve((body) => (body.items ? bulk(body) : single(body)));
}

let http: ApiClient;
let warn: ReturnType<typeof vi.spyOn>;

describe('refund calculation calls', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/form11/rent-tax-credit');
    // The session ended: a 401 is final (no refreshed token).
    http = createSessionClient({ getAccessToken: () => 'token', currentPath: () => location.pathname, onUnauthorized: async () => null });
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('calculateRefund posts { year, category, data } with the session token and reads the explained answer', async () => {
    serve(() => json(200, answer(1000)));
    const result = await calculateRefund(http, { year: 2024, ...ITEMS[0]! });
    expect(result).toMatchObject(answer(1000));
    // Fields an older server leaves out read as empty: no sources, no basis, nothing cut.
    expect(result).toMatchObject({ references: { pages: [], legislation: [] }, basis: null, cut: null, unused: 0 });
    expect(seen).toEqual([{ path: '/api/maxout/tax/refund-calculate', authorization: 'Bearer token', body: { year: 2024, ...ITEMS[0]! } }]);
  });

  it('reads an amount as a number: numeric text is read, anything not finite is 0', async () => {
    for (const [sent, read] of [[null, 0], ['12.5', 12.5], ['lots', 0], [{}, 0], [undefined, 0]] as const) {
      serve(() => json(200, answer(sent)));
      expect((await calculateRefund(http, { year: 2024, ...ITEMS[0]! })).amount, JSON.stringify(sent)).toBe(read);
    }
  });

  it('calculateRefunds posts { year, items } and reads amounts in order', async () => {
    serve(() => json(200, { amounts: [1000, null], total: 1000, results: [answer(1000), answer(0)] }));
    const result = await calculateRefunds(http, { year: 2024, items: ITEMS.slice(0, 2) });
    expect(result.amounts).toEqual([1000, 0]);
    expect(seen[0]!.body).toEqual({ year: 2024, items: ITEMS.slice(0, 2) });
  });

  describe('estimateRefund', () => {
    it('sums the bulk answer in euro, rounded to cents, with one call', async () => {
      server(() => json(200, { amounts: [1000, 160.1, -2000.05], total: -839.95 }));
      await expect(estimateRefund(http, 2024, ITEMS)).resolves.toBe(-839.95);
      expect(seen).toHaveLength(1);
      expect(warn).not.toHaveBeenCalled();
    });

    it('rounds the sum to cents', async () => {
      server(() => json(200, { amounts: [0.1, 0.2, 0.005], total: 0.31 }));
      await expect(estimateRefund(http, 2024, ITEMS)).resolves.toBe(0.31);
    });

    it.each([
      ['a server error', () => json(500, { message: 'Server error', requestId: 'x' })],
      ['a refusal', () => json(422, { message: 'Please check the details you entered', errors: { 'items.1.data.x': ['bad'] } })],
      ['an answer of the wrong shape', () => json(200, { amounts: 'many' })],
      ['an answer for fewer items', () => json(200, { amounts: [1000], total: 1000 })],
      [
        'no response at all',
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    ])('after %s of the bulk call, calculates each category singly', async (_name, bulk) => {
      server(bulk);
      await expect(estimateRefund(http, 2024, ITEMS)).resolves.toBe(-839.95);
      expect(seen.map((s) => s.body)).toEqual([{ year: 2024, items: ITEMS }, ...ITEMS.map((item) => ({ year: 2024, ...item }))]);
    });

    it('counts a failed single calculation as 0 and logs its category and status only', async () => {
      server(
        () => json(500, { message: 'Server error' }),
        (body) => (body.category === 'health-expenses' ? json(422, { message: 'Please check the details you entered' }) : json(200, answer(WORTH[body.category!]))),
      );
      await expect(estimateRefund(http, 2024, ITEMS)).resolves.toBe(-1000.05);
      expect(warn).toHaveBeenCalledWith('Refund calculation failed', { status: 500 });
      expect(warn).toHaveBeenCalledWith('Refund calculation failed', { category: 'health-expenses', status: 422 });
      expect(warn).toHaveBeenCalledTimes(2);
      // Nothing the user entered reaches the log.
      expect(JSON.stringify(warn.mock.calls)).not.toMatch(/800|doctors|Harbour|14400/);
    });

    it('counts a non-finite amount as 0, in the bulk answer and in a single one', async () => {
      server(() => json(200, { amounts: [1000, null, 'NaN'], total: null }));
      await expect(estimateRefund(http, 2024, ITEMS)).resolves.toBe(1000);

      server(
        () => json(503, {}),
        (body) => json(200, answer(body.category === 'rental-income' ? null : WORTH[body.category!])),
      );
      await expect(estimateRefund(http, 2024, ITEMS)).resolves.toBe(1160.1);
    });

    it('after a 401 the session is over: no single calls, 0', async () => {
      server(() => json(401, { message: 'Unauthenticated.' }));
      await expect(estimateRefund(http, 2024, ITEMS)).resolves.toBe(0);
      expect(seen).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith('Refund calculation failed', { status: 401 });
    });

    it('asks nothing for no items', async () => {
      server(() => json(200, { amounts: [], total: 0 }));
      await expect(estimateRefund(http, 2024, [])).resolves.toBe(0);
      expect(seen).toHaveLength(0);
    });
  });
});

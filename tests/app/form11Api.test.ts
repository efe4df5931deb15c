// @vitest-environment happy-dom
/**
 * The answer and income-declaration calls of src/api/form11.ts against a stubbed fetch: request
 * shapes (year, question, answer; questions map; 'income-form'.declaration), answers validated,
 * and the flow's outcome wrappers turning failures into data.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createSessionClient } from '../../src/api/client.ts';
import { answerOutcome, answersOutcome, getIncomeForms, postAnswer, postAnswers, saveIncomeForms } from '../../src/api/form11.ts';

let seen: { method: string; path: string; search: string; body: unknown }[] = [];
function serve(handler: (path: string) => Response) {
  seen = [];
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    seen.push({ method: request.method, path: url.pathname, search: url.search, body: text ? JSON.parse(text) : undefined });
    return handler(url.pathname);
  });
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ENTRY = { id: 'e1', year: 2024, snapshot: {}, created_at: '2026-01-15T10:00:00.000Z', status: 'pending', categoryStatuses: {}, categoryRefunds: { 'rent-tax-credit': 1000 }, totalApprovedRefund: 0 };

let http: ApiClient;

describe('answer and income-form calls', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/form11/rent-tax-credit');
    http = createSessionClient({ getAccessToken: () => 'token', currentPath: () => location.pathname, onUnauthorized: async () => null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('postAnswer and postAnswers send the year with the answers and read the claim', async () => {
    serve(() => json(200, { year: 2024, entry: ENTRY }));
    const one = await postAnswer(http, { year: 2024, question: 'rent-tax-credit', answer: { rentPaid: 1 } });
    expect(one.entry?.categoryRefunds).toEqual({ 'rent-tax-credit': 1000 });
    await postAnswers(http, { year: 2024, questions: { 'rent-tax-credit': { rentPaid: 1 } } });
    expect(seen).toEqual([
      { method: 'POST', path: '/api/maxout/answer', search: '', body: { year: 2024, question: 'rent-tax-credit', answer: { rentPaid: 1 } } },
      { method: 'POST', path: '/api/maxout/answer-multiple', search: '', body: { year: 2024, questions: { 'rent-tax-credit': { rentPaid: 1 } } } },
    ]);
  });

  it('getIncomeForms asks for the year; saveIncomeForms wraps the declaration in income-form', async () => {
    serve(() => json(200, { year: 2024, data: { declaration: { 'rental-income': { grossRent: 1 } } } }));
    expect((await getIncomeForms(http, 2024)).data.declaration).toEqual({ 'rental-income': { grossRent: 1 } });
    await saveIncomeForms(http, 2024, { 'rental-income': { grossRent: 1 } });
    expect(seen.map((s) => [s.method, s.path, s.search, s.body])).toEqual([
      ['GET', '/api/maxout/income-forms', '?year=2024', undefined],
      ['POST', '/api/maxout/income-forms', '', { year: 2024, 'income-form': { declaration: { 'rental-income': { grossRent: 1 } } } }],
    ]);
  });

  it('the outcome wrappers resolve failures as data with status and field errors', async () => {
    serve(() => json(422, { message: 'Please check the details you entered', errors: { 'answer.rentPaid': ['Must be a positive amount'] } }));
    expect(await answerOutcome(http, { year: 2024, question: 'rent-tax-credit', answer: {} })).toEqual({
      ok: false,
      error: { status: 422, message: 'Please check the details you entered', source: 'server', fieldErrors: { 'answer.rentPaid': ['Must be a positive amount'] } },
    });
    serve(() => json(200, { year: 2024, entry: ENTRY }));
    // The server's answer is the year's claim: the flow hands it to the session instead of reloading the profile.
    expect(await answersOutcome(http, { year: 2024, questions: {} })).toEqual({ ok: true, entry: ENTRY });
    serve(() => json(200, { unexpected: true }));
    const odd = await answerOutcome(http, { year: 2024, question: 'rent-tax-credit', answer: {} });
    expect(odd).toMatchObject({ ok: false, error: { source: 'network' } });
  });
});

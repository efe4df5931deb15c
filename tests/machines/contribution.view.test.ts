import { describe, expect, it } from 'vitest';
import { contributionMachine } from '../../machines/contribution/contribution.machine.ts';
import type { ContributionContext, ContributionOptions } from '../../machines/contribution/contribution.types.ts';
import { contributionView } from '../../machines/contribution/contribution.view.ts';
import { aUser } from '../support/builders.ts';

/**
 * What /contribute and /round-payment show, worked out by hand. A single user born 1 April 1990
 * (36 on 10 May 2026: 20 % band) earning €60,000: the limit is €12,000; €1,500 already paid
 * leaves €10,500. Income is above the €44,000 standard-rate band, so relief is 40 %.
 */
const USER = aUser({ annual_income: 60_000, date_of_birth: '1990-04-01', pension: 1_500 });
const OPTIONS: ContributionOptions = {
  tax_year: 2026,
  assignable_years: [2026, 2025],
  contributed: { 2026: 1_500, 2025: 11_000 },
  sources: [{ id: 'sandbox-debit-card', label: 'Sandbox debit card' }],
  pending: [],
  mandate: null,
};
/** €500 on the 15th since January: on 10 May, 15 May to 15 December is 8 collections, €4,000. */
const MANDATE = {
  id: 'm1',
  reference: 'MXO-1',
  iban_masked: 'IE29 •••• 5678',
  amount: 500,
  day_of_month: 15,
  start_date: '2026-01-15',
  next_collection: '2026-05-15',
  accepted_at: '2026-01-02T10:00:00.000Z',
  paused_until: null,
  last_collection: null,
};
const context = (overrides: Partial<ContributionContext> = {}): ContributionContext => ({
  mode: 'contribute',
  user: USER,
  today: '2026-05-10',
  options: OPTIONS,
  draft: null,
  key: null,
  result: null,
  error: null,
  ...overrides,
});
const viewOf = (value: string, overrides: Partial<ContributionContext> = {}) => contributionView(contributionMachine.resolveState({ value, context: context(overrides) }));

describe('contribution view', () => {
  it('previews the room left and the relief of what is typed, this year', () => {
    const view = viewOf('editing');
    expect(view.preview({ amount: 1_000, tax_year: '2026' })).toEqual({ year: 2026, headroom: 10_500, relief: 400, overLimit: false });
    expect(view.preview({ amount: '', tax_year: '2026' })).toEqual({ year: 2026, headroom: 10_500, relief: 0, overLimit: false });
  });

  it('counts relief only up to the limit: the exact room left is not over it, a cent more is', () => {
    const view = viewOf('editing');
    expect(view.preview({ amount: 10_500, tax_year: '2026' })).toMatchObject({ relief: 4_200, overLimit: false });
    expect(view.preview({ amount: 10_500.01, tax_year: '2026' })).toMatchObject({ relief: 4_200, overLimit: true });
  });

  it('an earlier year uses what MaxOut recorded for it and the age reached that year', () => {
    // 2025: 35 at year end (20 %), €12,000 limit, €11,000 recorded: €1,000 left.
    expect(viewOf('editing').preview({ amount: 2_000, tax_year: '2025' })).toEqual({ year: 2025, headroom: 1_000, relief: 400, overLimit: true });
  });

  it('starts /contribute with the refund the user chose to reinvest (?amount=), empty otherwise; a draft wins', () => {
    expect(viewOf('editing', { suggestedAmount: 839.96 }).form?.initialValues.amount).toBe(839.96);
    expect(viewOf('editing').form?.initialValues.amount).toBe('');
    expect(viewOf('editing', { suggestedAmount: 839.96, draft: { amount: 50, tax_year: 2026, source: 'sandbox-debit-card' } }).form?.initialValues.amount).toBe(50);
  });

  it('a reloaded review opens the form with the year and source it kept, each only while still offered', () => {
    const twoSources = { ...OPTIONS, sources: [...OPTIONS.sources, { id: 'sandbox-current-account', label: 'Sandbox current account' }] };
    const kept = viewOf('editing', { options: twoSources, suggestedAmount: 200, suggestedYear: 2025, suggestedSource: 'sandbox-current-account' });
    expect(kept.form?.initialValues).toEqual({ amount: 200, tax_year: '2025', source: 'sandbox-current-account' });
    // After 31 October last year is no longer offered; a source since removed is not either.
    const gone = viewOf('editing', { options: { ...twoSources, assignable_years: [2026] }, suggestedYear: 2025, suggestedSource: 'closed-account' });
    expect(gone.form?.initialValues).toMatchObject({ tax_year: '2026', source: 'sandbox-debit-card' });
    // A draft being edited wins over what the address kept.
    const editing = viewOf('editing', { options: twoSources, suggestedYear: 2025, suggestedSource: 'sandbox-current-account', draft: { amount: 50, tax_year: 2026, source: 'sandbox-debit-card' } });
    expect(editing.form?.initialValues).toEqual({ amount: 50, tax_year: '2026', source: 'sandbox-debit-card' });
  });

  it('offers last year only to /contribute, and round amounts only to /round-payment', () => {
    expect(viewOf('editing').form?.yearChoices).toEqual([
      { value: '2026', label: '2026 (this year)' },
      { value: '2025', label: '2025 (last year)' },
    ]);
    const round = viewOf('editing', { mode: 'roundPayment' }).form!;
    expect(round.yearChoices).toBeNull();
    expect(round.roundChoices).toEqual({ exact: 10_500, rounded: [10_000] });
    expect(round.initialValues.amount).toBe(10_500);
    expect(round.maxedOut).toBe(false);
  });

  it('a round payment leaves room for the direct debit’s collections still to come this year', () => {
    // €10,500 of room less 8 × €500 = €4,000 still to be collected: €6,500 to top up.
    const round = viewOf('editing', { mode: 'roundPayment', options: { ...OPTIONS, mandate: MANDATE } }).form!;
    expect(round.roundChoices).toEqual({ exact: 6_500, rounded: [6_000] });
    expect(round.initialValues.amount).toBe(6_500);
    expect(round.directDebit).toEqual({ reserved: 4_000, note: 'Your direct debit will still collect €4,000.00 in 2026 (8 collections), so that much of the room is left for it.' });
    // Paused to 31 August: only September to December (4 × €500 = €2,000) will come: €8,500 to top up.
    const paused = viewOf('editing', { mode: 'roundPayment', options: { ...OPTIONS, mandate: { ...MANDATE, paused_until: '2026-08-31' } } }).form!;
    expect(paused.roundChoices).toEqual({ exact: 8_500, rounded: [8_000] });
    expect(paused.directDebit?.reserved).toBe(2_000);
    // Paused to 31 December: nothing more this year, the whole €10,500 is offered.
    const pausedToYearEnd = viewOf('editing', { mode: 'roundPayment', options: { ...OPTIONS, mandate: { ...MANDATE, paused_until: '2026-12-31' } } }).form!;
    expect(pausedToYearEnd.roundChoices?.exact).toBe(10_500);
    expect(pausedToYearEnd.directDebit).toBeNull();
    // €2,000 a month (€16,000 to come) fills the room: nothing to top up.
    const full = viewOf('editing', { mode: 'roundPayment', options: { ...OPTIONS, mandate: { ...MANDATE, amount: 2_000 } } }).form!;
    expect(full).toMatchObject({ maxedOut: true, directDebit: { reserved: 10_500 } });
    // /contribute takes any amount: the direct debit changes nothing there.
    expect(viewOf('editing', { options: { ...OPTIONS, mandate: MANDATE } }).form?.directDebit).toBeNull();
  });

  it('a user at the limit is told there is nothing to top up', () => {
    const view = viewOf('editing', { mode: 'roundPayment', user: { ...USER, pension: 12_000 } });
    expect(view.form?.maxedOut).toBe(true);
  });

  it('reviews the draft with the relief it earns; the form keeps the draft when going back', () => {
    const draft = { amount: 1_000, tax_year: 2026, source: 'sandbox-debit-card' };
    expect(viewOf('reviewing', { draft, key: 'k' }).review).toEqual({ amount: 1_000, sourceLabel: 'Sandbox debit card', taxYear: 2026, relief: 400, withoutRelief: 0 });
    expect(viewOf('editing', { draft }).form?.initialValues).toEqual({ amount: 1_000, tax_year: '2026', source: 'sandbox-debit-card' });
  });

  it('the review says how much of a payment is above the room left and earns no relief', () => {
    const over = { amount: 99_999, tax_year: 2026, source: 'sandbox-debit-card' };
    expect(viewOf('reviewing', { draft: over, key: 'k' }).review).toMatchObject({ relief: 4_200, withoutRelief: 89_499 });
    const exact = { ...over, amount: 10_500 };
    expect(viewOf('reviewing', { draft: exact, key: 'k' }).review).toMatchObject({ relief: 4_200, withoutRelief: 0 });
    const centOver = { ...over, amount: 10_500.01 };
    expect(viewOf('reviewing', { draft: centOver, key: 'k' }).review).toMatchObject({ withoutRelief: 0.01 });
  });

  it('gives the same validator and the same field errors while nothing changed', () => {
    const failure = { status: 422, message: 'x', source: 'server' as const, fieldErrors: { amount: ['Too much'] } };
    const a = viewOf('editing', { error: failure });
    const b = viewOf('editing', { error: failure });
    expect(a.form?.schema).toBe(b.form?.schema);
    expect(a.fieldErrors).toBe(b.fieldErrors);
    expect(a.fieldErrors).toEqual({ amount: 'Too much' });
  });
});

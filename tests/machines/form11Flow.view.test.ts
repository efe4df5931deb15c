import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { form11FlowMachine, progressOf } from '../../machines/form11Flow/form11Flow.machine.ts';
import type {
  Form11FlowContext,
  NavigateToInput,
  NavigationOutcome,
  PostAllAnswersInput,
  PostResult,
} from '../../machines/form11Flow/form11Flow.types.ts';
import { claimSummaryOf, estimatorOf, form11FlowView, taxpayerView } from '../../machines/form11Flow/form11Flow.view.ts';
import { questionnaireMachine } from '../../machines/questionnaire/questionnaire.machine.ts';
import { QUESTIONS } from '../../src/domain/catalogue.ts';
import { dayjs } from '../../src/domain/dates.ts';
import { parseSavedProgress, serializeProgress } from '../../src/domain/form11Progress.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import type { Form11Entry } from '../../src/domain/schemas/form11Entry.ts';
import { aUser } from '../support/builders.ts';
import { dottedValue } from '../support/expectedSteps.ts';
import { CLAIM_YEARS, DEFAULT_YEAR, ENTRY, INITIAL, USER_ID, answerFor } from './form11Flow.oracle.ts';

/** A flow of a page and the final form, on the final form, the page's answer kept. */
const IN_FLIGHT: Form11FlowContext = {
  ...INITIAL,
  year: 2024,
  routes: ['/form11/tuition-fees', '/form11/final-form'],
  currentRouteIndex: 1,
  formData: { 'tuition-fees': answerFor('/form11/tuition-fees') },
  selectedForms: ['tuition-fees'],
  selectedIncomeTypes: ['rental-income', 'uk-dividends'],
};
const viewOf = (value: Parameters<typeof form11FlowMachine.resolveState>[0]['value'], context: Form11FlowContext) =>
  form11FlowView(form11FlowMachine.resolveState({ value, context }));
const FRESH = { userId: USER_ID, defaultYear: DEFAULT_YEAR, claimYears: CLAIM_YEARS };

describe('guided flow view', () => {
  it('offers the years open for a claim, newest first, and the one chosen', () => {
    const view = viewOf('idle', { ...INITIAL, claimYear: 2023 });
    expect(view).toMatchObject({ claimYear: 2023, yearChoices: [2025, 2024, 2023, 2022], unfinished: null, canResume: false, busy: false });
  });

  it('names the unfinished claim and where the user stopped: page 2 of 2 of 2024', () => {
    const view = viewOf({ inFlow: { stepping: 'atStep' } }, IN_FLIGHT);
    expect(view.unfinished).toEqual({ year: 2024, position: { index: 1, number: 2, total: 2, isLast: true } });
    expect(view.canResume).toBe(true);
    expect(view.confirmReplace).toBeNull();
  });

  it('asks before replacing it: "Start a new claim for 2022? Your unfinished claim for 2024 will be discarded."', () => {
    const asking = viewOf({ inFlow: { stepping: 'confirmingReplace' } }, { ...IN_FLIGHT, pendingStart: { kind: 'questionnaire', year: 2022 } });
    expect(asking.confirmReplace).toEqual({ year: 2022, replacing: 2024 });
    expect(asking.unfinished?.year, 'the claim stays until the user answers').toBe(2024);
  });

  it('gives a page its claim year, its place and its kept answer; a page opened on its own the year asked for, else last year', () => {
    const view = viewOf({ inFlow: { stepping: 'atStep' } }, IN_FLIGHT);
    expect(view.page('/form11/tuition-fees', 2023)).toEqual({
      position: { index: 0, number: 1, total: 2, isLast: false },
      year: 2024,
      canSubmit: true,
      busy: false,
      confirmSkip: null,
      kept: answerFor('/form11/tuition-fees'),
      draft: null,
      back: { to: 'start', enabled: true },
      incomeIds: null,
    });
    expect(view.page('/form11/final-form')).toMatchObject({ year: 2024, kept: null, incomeIds: ['rental-income', 'uk-dividends'] });
    expect(view.page('/form11/rent-tax-credit', 2023)).toEqual({
      position: null,
      year: 2023,
      canSubmit: true,
      busy: false,
      confirmSkip: null,
      kept: null,
      draft: null,
      back: null,
      incomeIds: null,
    });
    expect(view.page('/form11/rent-tax-credit').year).toBe(DEFAULT_YEAR);
  });

  it('gives Back on every page of the flow: page 1 of 2 back to the Tax Refund page, page 2 of 2 to page 1; none while the claim is on its way', () => {
    const view = viewOf({ inFlow: { stepping: 'atStep' } }, IN_FLIGHT);
    expect(view.page('/form11/tuition-fees').back).toEqual({ to: 'start', enabled: true });
    expect(view.page('/form11/final-form').back).toEqual({ to: 'previous', enabled: true });
    expect(viewOf({ inFlow: 'sendingAll' }, IN_FLIGHT).page('/form11/final-form').back).toEqual({ to: 'previous', enabled: false });
  });

  it('shows what was typed and not submitted: €1,250.5 typed as "1250.50" on the final form comes back as typed, beside the kept answer of page 1', () => {
    const typed = { 'rental-income': { rentReceived: '1250.50', expenses: '' } };
    const view = viewOf({ inFlow: { stepping: 'atStep' } }, { ...IN_FLIGHT, drafts: { 'final-form': typed } });
    expect(view.page('/form11/final-form')).toMatchObject({ draft: typed, kept: null, position: { number: 2, total: 2 } });
    expect(view.page('/form11/tuition-fees')).toMatchObject({ draft: null, kept: answerFor('/form11/tuition-fees') });
    expect(progressOf({ ...IN_FLIGHT, drafts: { 'final-form': typed } }).drafts, 'saved with the progress').toEqual({ 'final-form': typed });
  });

  it('reads a save with a draft for a page outside its flow as inconsistent, and a save from before drafts as having none', () => {
    const stray = serializeProgress({ ...progressOf(IN_FLIGHT), drafts: { 'rent-tax-credit': { amount: '1' } } });
    expect(parseSavedProgress(stray, USER_ID)).toEqual({ kind: 'rejected', reason: 'inconsistent', detail: 'drafts for pages outside the flow: rent-tax-credit' });
    const { drafts: _none, ...older } = progressOf(IN_FLIGHT);
    const read = parseSavedProgress(serializeProgress(older), USER_ID);
    expect(read.kind === 'valid' ? createActor(form11FlowMachine, { input: { ...FRESH, saved: read.progress } }).getSnapshot().context.drafts : 'not read').toEqual({});
  });

  it('takes no answer while the claim is on its way, and offers Try again once it failed', () => {
    const sending = viewOf({ inFlow: 'sendingAll' }, IN_FLIGHT);
    expect(sending).toMatchObject({ busy: true, notSent: null, canRetry: false });
    expect(sending.page('/form11/final-form').canSubmit).toBe(false);
    const failure = { status: 503, message: null, source: 'server' as const };
    expect(viewOf({ inFlow: { stepping: 'unsent' } }, { ...IN_FLIGHT, lastFailure: failure })).toMatchObject({ notSent: { year: 2024, sending: false }, canRetry: true });
    expect(viewOf({ inFlow: 'sendingAll' }, { ...IN_FLIGHT, lastFailure: failure }).notSent).toEqual({ year: 2024, sending: true });
  });

  it('asks "Skip this page?" over the page submitted with nothing entered (Tuition Fees), not over the others; no submit meanwhile, and nothing busy', () => {
    const asking = viewOf('confirmingSkip', { ...IN_FLIGHT, currentRouteIndex: 0, skipping: { route: '/form11/tuition-fees' } });
    expect(asking.page('/form11/tuition-fees')).toMatchObject({ confirmSkip: { title: 'Tuition Fees' }, canSubmit: false, busy: false, position: { number: 1, total: 2 } });
    expect(asking.page('/form11/final-form').confirmSkip).toBeNull();
    expect(asking).toMatchObject({ busy: false, canResume: false, unfinished: { year: 2024 } });
    const onItsOwn = viewOf('confirmingSkip', { ...INITIAL, skipping: { route: '/form11/health-expenses' } });
    expect(onItsOwn.page('/form11/health-expenses', 2023)).toMatchObject({ confirmSkip: { title: 'Health Expenses' }, position: null, year: 2023 });
  });

  it('keeps the claim last sent for /tax-refund-submitted', () => {
    expect(viewOf('idle', { ...INITIAL, submitted: { year: 2024, entry: ENTRY } }).submitted).toEqual({ year: 2024, entry: ENTRY });
  });

  it('saves the flow in flight so that it reads back as it is', () => {
    const progress = progressOf(IN_FLIGHT);
    expect(parseSavedProgress(serializeProgress(progress), USER_ID)).toEqual({ kind: 'valid', progress });
  });
});

/**
 * The signed-in user, worked out by hand. A single person on €50,000 born 1 June 1983: rent of
 * €3,000 in 2025 earns 20 % = €600 (under the €1,000 cap); UK dividends of €600 at the 40 % rate
 * cost €240 of tax.
 */
const claim = (year: number, refunds: Record<string, number>, status: Form11Entry['status'] = 'pending'): Form11Entry => ({
  id: `claim-${year}`,
  year,
  snapshot: Object.fromEntries(Object.keys(refunds).map((key) => [key, {}])),
  created_at: `${year + 1}-02-01T10:00:00.000Z`,
  status,
  categoryStatuses: Object.fromEntries(Object.keys(refunds).map((key) => [key, status])),
  categoryRefunds: refunds,
  totalApprovedRefund: 0,
});
const USER = aUser({
  marital_status: 'single',
  annual_income: 50_000,
  date_of_birth: '1983-06-01',
  form11: [claim(2024, { 'uk-dividends': -240.05, 'rent-tax-credit': 750, 'health-expenses': 160 }, 'approved'), claim(2022, { 'tuition-fees': 80 })],
});
const TODAY = dayjs(new Date(2026, 10, 20));

describe('taxpayer view', () => {
  const view = taxpayerView({ context: { user: USER } });

  it('is the same object while the user is the same (no re-render per snapshot)', () => {
    expect(taxpayerView({ context: { user: USER } })).toBe(view);
    expect(taxpayerView({ context: { user: null } }).estimator).toBeNull();
  });

  it("names each year's claim status, and its refund: tax back minus tax due, to the cent", () => {
    expect([2025, 2024, 2022].map((year) => view.claimStatus(year))).toEqual([null, 'approved', 'pending']);
    expect(view.refundOfYear(2024)).toBe(669.95);
    expect(view.refundOfYear(2025)).toBe(0);
  });

  it('estimates what is typed with the engine: €3,000 of rent earns €600; UK dividends of €600 cost €240', () => {
    const rent = view.estimator!.estimate('rent-tax-credit', 2025, { ...form11Sample('rent-tax-credit'), rentPaid: 3_000 }, TODAY);
    expect(rent).toMatchObject({ ok: true, amount: 600, direction: 'taxBack' });
    const dividends = view.estimator!.estimate('uk-dividends', 2025, { payerName: 'Thames plc', grossAmount: 600 }, TODAY);
    expect(dividends).toMatchObject({ ok: true, amount: 240, direction: 'taxDue' });
  });

  it('totals several incomes only once each is complete', () => {
    const estimator = estimatorOf({ maritalStatus: 'single', annualIncome: 50_000, dateOfBirth: '1983-06-01' });
    const values: Record<string, unknown> = { 'uk-dividends': { payerName: 'Thames plc', grossAmount: 600 }, 'us-dividends': { payerName: 'Acme Inc', grossAmount: 100 } };
    expect(estimator.total(['uk-dividends', 'us-dividends'], 2025, (id) => values[id], TODAY)).toBe(280);
    expect(estimator.total(['uk-dividends', 'us-dividends'], 2025, (id) => (id === 'us-dividends' ? {} : values[id]), TODAY)).toBeNull();
  });

  it('shows the claim just sent as the server answered it, else that year’s, else the newest', () => {
    const sent = claim(2025, { 'flat-rate-expenses': 25.2 });
    expect(view.submittedClaim({ year: 2025, entry: sent })?.year).toBe(2025);
    expect(view.submittedClaim({ year: 2022, entry: null })?.year).toBe(2022);
    expect(view.submittedClaim(null)?.year).toBe(2024);
    expect(taxpayerView({ context: { user: aUser() } }).submittedClaim(null)).toBeNull();
  });

  it('lists what a claim holds in catalogue order, forms before incomes, with each refund and status', () => {
    expect(claimSummaryOf(USER.form11[0]!)).toEqual({
      year: 2024,
      status: 'approved',
      refund: 669.95,
      lines: [
        { category: 'health-expenses', title: 'Health Expenses', amount: 160, status: 'approved', note: null },
        { category: 'rent-tax-credit', title: 'Rent Tax Credit', amount: 750, status: 'approved', note: null },
        { category: 'uk-dividends', title: 'UK dividends', amount: -240.05, status: 'approved', note: null },
      ],
      assessment: null,
    });
  });

  it('carries each line’s note (a cut by the claim’s limits, in euro) and the basis a married user’s figures use', () => {
    const cut = 'On its own this would save €2,400; in this claim €1,200, because the Nursing Home Expenses already took €7,000 of your income taxed at 40%.';
    const married = aUser({
      marital_status: 'married',
      form11: [
        {
          ...claim(2025, { 'nursing-home-expenses': 3400, 'maintenance-payment-relief': 1200 }),
          categoryNotes: { 'maintenance-payment-relief': cut },
          assessment: 'Joint assessment (2025): you and your spouse are taxed together.',
        },
      ],
    });
    const summary = taxpayerView({ context: { user: married } }).submittedClaim(null);
    expect(summary?.lines.map((line) => line.note)).toEqual([null, cut]);
    expect(summary?.assessment).toContain('Joint assessment (2025)');
    expect(taxpayerView({ context: { user: married } }).notesOfYear(2025)).toEqual([{ category: 'maintenance-payment-relief', title: 'Maintenance Payment Relief', note: cut }]);
    expect(taxpayerView({ context: { user: married } }).notesOfYear(2024)).toEqual([]);
  });

  it('refuses in the form what the profile rules out: a blind person’s credit for a spouse on a single profile', () => {
    const single = estimatorOf({ maritalStatus: 'single', annualIncome: 50_000, dateOfBirth: '1983-06-01' });
    expect(Object.keys(single.profileErrors('blind-person-tax-credit', { ...form11Sample('blind-person-tax-credit'), whoIsBlind: 'spouse' }))).toEqual(['whoIsBlind']);
    const married = estimatorOf({ maritalStatus: 'married', annualIncome: 50_000, dateOfBirth: '1983-06-01' });
    expect(married.profileErrors('blind-person-tax-credit', { ...form11Sample('blind-person-tax-credit'), whoIsBlind: 'spouse' })).toEqual({});
  });

  it('a live estimate for this year shares the pension limit with what was paid this year through payroll and MaxOut', () => {
    const year = new Date().getFullYear();
    const paid = aUser({ annual_income: 60_000, date_of_birth: '1983-06-01', paid_pension: 15_000, pension: 15_000 });
    const avc = form11Sample('additional-voluntary-contributions');
    const estimate = taxpayerView({ context: { user: paid } }).estimator!.estimate('additional-voluntary-contributions', year, avc, TODAY);
    const alone = estimatorOf({ maritalStatus: 'single', annualIncome: 60_000, dateOfBirth: '1983-06-01' }).estimate('additional-voluntary-contributions', year, avc, TODAY);
    expect(alone).toMatchObject({ ok: true, amount: 1200 });
    expect(estimate).toMatchObject({ ok: true, amount: 0 });
  });
});

describe('guided flow: input and defaults', () => {
  it('ignores a saved progress of another user handed in by mistake', () => {
    const saved = { ...progressOf(IN_FLIGHT), ownerId: 'someone-else' };
    const actor = createActor(form11FlowMachine, { input: { ...FRESH, saved } }).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(form11FlowView(actor.getSnapshot()).unfinished).toBeNull();
    actor.stop();
  });

  it('keeps the answers when the app provides no effects: the default posts fail as an outage would', async () => {
    const actor = createActor(form11FlowMachine, { input: FRESH }).start();
    actor.send({ type: 'flow.start', selection: ['health-expenses'], year: 2025 });
    await vi.waitFor(() => expect(dottedValue(actor.getSnapshot().value)).toBe('inFlow.stepping.atStep'));
    const answer = form11Sample('health-expenses');
    actor.send({ type: 'step.submit', route: '/form11/health-expenses', data: answer });
    await vi.waitFor(() => expect(dottedValue(actor.getSnapshot().value)).toBe('inFlow.stepping.unsent'));
    expect(actor.getSnapshot().context.formData).toEqual({ 'health-expenses': answer });
    expect(actor.getSnapshot().context.lastFailure).toEqual({ status: null, message: 'not provided', source: 'network' });
    actor.stop();
  });
});

describe('questionnaire and guided flow together', () => {
  it('three Yes answers hand three pages to the flow, which goes through them and sends them together', async () => {
    const navigations: string[] = [];
    const sent: PostAllAnswersInput[] = [];
    const flow = createActor(
      form11FlowMachine.provide({
        actors: {
          navigateTo: fromPromise<NavigationOutcome, NavigateToInput>(async ({ input }) => {
            navigations.push(`${input.to}${input.replace ? ' (replace)' : ''}`);
            return { aborted: false };
          }),
          postAllAnswers: fromPromise<PostResult, PostAllAnswersInput>(async ({ input }) => {
            sent.push(input);
            return { ok: true, entry: ENTRY };
          }),
        },
        actions: { navigate: (_, { to }) => void navigations.push(to) },
      }),
      { input: FRESH },
    ).start();
    const questionnaire = createActor(
      questionnaireMachine.provide({
        actions: { startGuidedFlow: (_, { selection, year }) => flow.send({ type: 'flow.start', selection, year }) },
      }),
      { input: { year: 2024 } },
    ).start();
    const yes = new Set(['health-expenses', 'tuition-fees', 'remote-working-relief']);
    QUESTIONS.forEach((question, index) => questionnaire.send({ type: yes.has(question.slug) ? 'question.yes' : 'question.no', index }));
    expect(questionnaire.getSnapshot().status).toBe('done');

    await vi.waitFor(() => expect(dottedValue(flow.getSnapshot().value)).toBe('inFlow.stepping.atStep'));
    const routes = ['/form11/health-expenses', '/form11/tuition-fees', '/form11/remote-working-relief'] as const;
    expect(flow.getSnapshot().context.routes).toEqual(routes);
    for (const route of routes) flow.send({ type: 'step.submit', route, data: answerFor(route) });
    await vi.waitFor(() => expect(flow.getSnapshot().value).toBe('idle'));

    expect(navigations).toEqual(['/form11/health-expenses (replace)', '/form11/tuition-fees', '/form11/remote-working-relief', '/tax-refund-submitted']);
    expect(sent).toEqual([
      {
        year: 2024,
        questions: {
          'health-expenses': answerFor('/form11/health-expenses'),
          'tuition-fees': answerFor('/form11/tuition-fees'),
          'remote-working-relief': answerFor('/form11/remote-working-relief'),
        },
      },
    ]);
    const view = form11FlowView(flow.getSnapshot());
    expect(view.submitted).toEqual({ year: 2024, entry: ENTRY });
    expect(view.unfinished).toBeNull();
    flow.stop();
  });
});

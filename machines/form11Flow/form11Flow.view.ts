/**
 * What the Form 11 screens show. `form11FlowView` is the guided flow's snapshot as the Tax Refund
 * page, the form pages and /tax-refund-submitted show it; `taxpayerView` is the signed-in user (the
 * auth actor's snapshot) as those screens need it: their claims and the live refund estimate of
 * what they type, worked out with the same engine the server runs.
 */
import type { SnapshotFrom } from 'xstate';
import { categoryTitle, claimCategoriesOf, isForm11Category, isIncomeTypeId, type Form11Category, type IncomeTypeId } from '../../src/domain/catalogue.ts';
import { claimNotesOfYear, claimRefund, type ClaimNote } from '../../src/domain/claimRefund.ts';
import { calendarDay, type Dayjs } from '../../src/domain/dates.ts';
import type { JsonValue } from '../../src/domain/form11Progress.ts';
import { stepKeyOf, type Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import type { ClaimStatus, Form11Entry } from '../../src/domain/schemas/form11Entry.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { calculateRefund, profileErrors, taxProfileOf, type RefundDirection, type RefundResult, type TaxProfile } from '../../src/domain/tax/index.ts';
import { memoLast } from '../shared/memo.ts';
import type { Form11FlowMachine } from './form11Flow.machine.ts';
import type { SubmittedClaim } from './form11Flow.types.ts';

export type { ClaimNote, JsonValue, RefundDirection, RefundResult };

type Snapshot = Pick<SnapshotFrom<Form11FlowMachine>, 'context' | 'hasTag' | 'can' | 'matches'>;

export interface StepPosition {
  /** 0-based index of the route. */
  index: number;
  /** 1-based, for "Page n of m". */
  number: number;
  total: number;
  isLast: boolean;
}

/** One form page (/form11/{slug} or /form11/final-form) as the flow sees it. */
export interface Form11PageView {
  /** Where the page sits in the flow in flight ("Page n of m"), or null when it is opened on its own. */
  position: StepPosition | null;
  /** The claim year the page works for: the flow's when it is one of its steps, else the one asked for (or last year). */
  year: number;
  /** May the page's answer be submitted now (no post or navigation of the flow under way, no question asked)? */
  canSubmit: boolean;
  /** A post or navigation of the flow is under way: the submit button shows it. */
  busy: boolean;
  /** "Skip this page?": the page was submitted with nothing entered; `title` names it. Null when not asked. */
  confirmSkip: { title: string } | null;
  /** The answer the flow keeps for the page (a resumed flow, or a page gone back to). */
  kept: Record<string, JsonValue> | null;
  /** What was typed on the page and not submitted (the form's raw values), or null: it wins over `kept` as the form's initial values. */
  draft: Record<string, JsonValue> | null;
  /**
   * Back, on a page of the flow: where it leads (`previous`: the flow's page before this one;
   * `start`: the Tax Refund page, from the first page), or null when the page has no Back.
   */
  back: { to: 'previous' | 'start'; enabled: boolean } | null;
  /** The final form in the flow: the income types chosen, in catalogue order; otherwise null. */
  incomeIds: IncomeTypeId[] | null;
}

export interface Form11FlowView {
  /** The flow is working (buttons disabled). */
  busy: boolean;
  /** The Tax Refund page's year choice: the chosen year and the years open for a claim, newest first. */
  claimYear: number;
  yearChoices: number[];
  /** The claim in flight ("You have an unfinished claim for 2024"; "You stopped at page n of m"), or null. */
  unfinished: { year: number; position: StepPosition } | null;
  canResume: boolean;
  /** Starting anew waits for the user: "Start a new claim for {year}? Your unfinished claim for {replacing} will be discarded." */
  confirmReplace: { year: number; replacing: number } | null;
  /** The final send failed (`sending`: being tried again): /tax-refund-submitted offers Try again. */
  notSent: { year: number; sending: boolean } | null;
  canRetry: boolean;
  /** The claim last sent in full (for /tax-refund-submitted). */
  submitted: SubmittedClaim | null;
  /** A page of the flow, or one opened on its own; `requestedYear` is the year its link asked for. */
  page(route: Form11FlowRoute, requestedYear?: number): Form11PageView;
}

function positionOf(routes: readonly Form11FlowRoute[], index: number): StepPosition | null {
  if (index < 0 || index >= routes.length) return null;
  return { index, number: index + 1, total: routes.length, isLast: index === routes.length - 1 };
}

const isRecord = (value: unknown): value is Record<string, JsonValue> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The guided flow as the Form 11 screens show it. */
export function form11FlowView(snapshot: Snapshot): Form11FlowView {
  const { context } = snapshot;
  const hasFlow = context.routes.length > 0;
  const confirming = snapshot.matches({ inFlow: { stepping: 'confirmingReplace' } }) && context.pendingStart !== null;
  const unsent = snapshot.matches({ inFlow: { stepping: 'unsent' } });
  const resending = snapshot.matches({ inFlow: 'sendingAll' }) && context.lastFailure !== null;
  const flowYear = context.year ?? context.defaultYear;
  const asking = snapshot.matches('confirmingSkip');
  return {
    busy: snapshot.hasTag('busy'),
    claimYear: context.claimYear,
    yearChoices: context.claimYears,
    unfinished: hasFlow ? { year: flowYear, position: positionOf(context.routes, context.currentRouteIndex)! } : null,
    canResume: snapshot.can({ type: 'flow.resume' }),
    confirmReplace: confirming ? { year: context.pendingStart!.year, replacing: flowYear } : null,
    notSent: unsent || resending ? { year: flowYear, sending: resending } : null,
    canRetry: snapshot.can({ type: 'flow.retry' }),
    submitted: context.submitted,
    page(route, requestedYear) {
      const position = positionOf(context.routes, context.routes.indexOf(route));
      const kept = position ? context.formData[stepKeyOf(route)] : undefined;
      const draft = position ? context.drafts[stepKeyOf(route)] : undefined;
      return {
        position,
        year: position && context.year !== null ? context.year : (requestedYear ?? context.defaultYear),
        canSubmit: snapshot.can({ type: 'step.submit', route, data: null }),
        busy: snapshot.hasTag('busy'),
        confirmSkip: asking && context.skipping?.route === route ? { title: categoryTitle(stepKeyOf(route) as Form11Category) } : null,
        kept: isRecord(kept) ? kept : null,
        draft: isRecord(draft) ? draft : null,
        back: position ? { to: position.index === 0 ? 'start' : 'previous', enabled: snapshot.can({ type: 'step.back', route }) } : null,
        incomeIds: position && stepKeyOf(route) === 'final-form' ? context.selectedIncomeTypes : null,
      };
    },
  };
}

// ─── The signed-in user ──────────────────────────────────────────────────────────────────────────

/** The live estimate of what is typed, for one taxpayer. */
export interface Estimator {
  /** The engine's answer for one category's form values (tax back, or tax due for an income type). */
  estimate(category: Form11Category, year: number, values: unknown, today: Dayjs): RefundResult;
  /** The tax due on several incomes' values together, or null until every one of them is complete. */
  total(categories: readonly Form11Category[], year: number, valuesOf: (category: Form11Category) => unknown, today: Dayjs): number | null;
  /** What the profile rules out in a form's values, by field (a blind person's credit for a spouse on a single profile). */
  profileErrors(category: Form11Category, values: unknown): Record<string, string[]>;
}

/** Tax back for a credit or relief, tax due for an income type. */
export function directionOf(category: Form11Category): RefundDirection {
  return isIncomeTypeId(category) ? 'taxDue' : 'taxBack';
}

/** The estimates of a taxpayer with this profile (marital status, incomes, basis of assessment, date of birth, pension paid). */
export function estimatorOf(profile: TaxProfile): Estimator {
  const estimate: Estimator['estimate'] = (category, year, values, today) => calculateRefund(year, category, values, profile, { today });
  return {
    estimate,
    total(categories, year, valuesOf, today) {
      let sum = 0;
      for (const category of categories) {
        const result = estimate(category, year, valuesOf(category), today);
        if (!result.ok) return null;
        sum += result.amount;
      }
      return sum;
    },
    profileErrors: (category, values) => profileErrors(category, values, profile),
  };
}

/** One line of a claim: a credit, relief or income, its refund (negative: tax due) and status. */
export interface ClaimLine {
  category: Form11Category;
  title: string;
  amount: number;
  status: ClaimStatus;
  /** Why the line is less than it would be on its own, or €0, in euro (a cut by the claim's limits); null when nothing needs saying. */
  note: string | null;
}

/** A claim as /tax-refund-submitted shows it. */
export interface ClaimSummary {
  year: number;
  status: ClaimStatus;
  /** Tax back minus tax due (euro): the estimated refund, or tax due when negative. */
  refund: number;
  /** What was claimed, in catalogue order (the forms, then the incomes), whatever order the server kept. */
  lines: ClaimLine[];
  /** Married users: the basis of assessment the figures use, in words; null otherwise. */
  assessment: string | null;
}

export interface TaxpayerView {
  /** The live estimates for the signed-in user; null while nobody is signed in. */
  estimator: Estimator | null;
  /** The status of the user's claim for a year, or null when there is none. */
  claimStatus(year: number): ClaimStatus | null;
  /** The estimated refund of the user's claim for a year (0 without one). */
  refundOfYear(year: number): number;
  /** The notes of the year's claim lines its limits cut (in catalogue order), for the estimate shown after the income declaration. */
  notesOfYear(year: number): ClaimNote[];
  /** The claim /tax-refund-submitted shows: the one just sent (as the server answered it), else that year's, else the newest; null when there is none. */
  submittedClaim(submitted: SubmittedClaim | null): ClaimSummary | null;
}

export function claimSummaryOf(entry: Form11Entry): ClaimSummary {
  return {
    year: entry.year,
    status: entry.status,
    refund: claimRefund(entry),
    lines: claimCategoriesOf(entry.snapshot).filter(isForm11Category).map((category) => ({
      category,
      title: categoryTitle(category),
      amount: entry.categoryRefunds[category] ?? 0,
      status: entry.categoryStatuses[category] ?? 'pending',
      note: entry.categoryNotes?.[category] ?? null,
    })),
    assessment: entry.assessment ?? null,
  };
}

const taxpayerOf = memoLast((user: User | null): TaxpayerView => {
  const claims = user?.form11 ?? [];
  const claimOf = (year: number) => claims.find((claim) => claim.year === year) ?? null;
  return {
    // This tax year's pension paid (payroll and MaxOut) shares the limit with a claim for this year.
    estimator: user ? estimatorOf(taxProfileOf(user, undefined, calendarDay(new Date()).year())) : null,
    claimStatus: (year) => claimOf(year)?.status ?? null,
    refundOfYear: (year) => {
      const claim = claimOf(year);
      return claim ? claimRefund(claim) : 0;
    },
    notesOfYear: (year) => claimNotesOfYear(claims, year),
    submittedClaim(submitted) {
      const entry = submitted?.entry ?? (submitted ? claimOf(submitted.year) : null) ?? [...claims].sort((a, b) => b.year - a.year)[0] ?? null;
      return entry ? claimSummaryOf(entry) : null;
    },
  };
});

/** The signed-in user as the Form 11 screens show them; the same object while the user is the same. */
export function taxpayerView(snapshot: { context: { user: User | null } }): TaxpayerView {
  return taxpayerOf(snapshot.context.user);
}

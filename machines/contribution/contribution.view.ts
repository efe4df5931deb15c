import type { SnapshotFrom } from 'xstate';
import { calendarDay, parseApiDate, type Dayjs } from '../../src/domain/dates.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import { isEmailUnverified } from '../../src/domain/failure.ts';
import { mandateOutlook } from '../../src/domain/directDebit.ts';
import { formatEuro, roundToCents, toAmount } from '../../src/domain/money.ts';
import { contributionRequestSchema, type ContributionRequest } from '../../src/domain/schemas/pension.ts';
import { contributionFigures, roundPaymentOptions } from '../../src/domain/taxYear.ts';
import { memoLast } from '../shared/memo.ts';
import type { ContributionMachine } from './contribution.machine.ts';
import type { ContributionContext, ContributionMode, ContributionOptions } from './contribution.types.ts';

type Snapshot = Pick<SnapshotFrom<ContributionMachine>, 'value' | 'context' | 'hasTag' | 'can'>;

export type ContributionStep = 'loading' | 'loadFailed' | 'editing' | 'reviewing' | 'confirming' | 'confirmingIdentity' | 'steppingUp' | 'failed' | 'declined' | 'done';

/** The form's values as Mantine holds them (an empty amount is ''). */
export interface ContributionFormValues {
  amount: number | '';
  tax_year: string;
  source: string;
}

export interface ReliefPreview {
  year: number;
  /** Room left for relief in that year before this payment (euro). */
  headroom: number;
  /** The relief this amount earns (euro). */
  relief: number;
  /** Part of the amount is above the room left: only `headroom` of it earns relief. */
  overLimit: boolean;
}

/** The room a direct debit's collections still to come this year will take (euro), and the sentence that says so. */
export interface DirectDebitReserve {
  reserved: number;
  note: string;
}

export interface ContributionView {
  step: ContributionStep;
  mode: ContributionMode;
  busy: boolean;
  canConfirm: boolean;
  canRetry: boolean;
  canEdit: boolean;
  /** A large payment: the server asked for the password again before paying (nothing is paid yet). */
  askingIdentity: boolean;
  canStepUp: boolean;
  error: string | null;
  /** Refused because the email address is not proven: "Resend link" is offered beside the error. */
  offerNewLink: boolean;
  fieldErrors: FieldErrors;
  /** The form, while editing. */
  form: {
    initialValues: ContributionFormValues;
    thisYear: number;
    /** Years the payment may count for, when there is a choice (contribute only). */
    yearChoices: { value: string; label: string }[] | null;
    sources: { value: string; label: string }[];
    /** Round payment: everything left (after the direct debit's collections still to come), and round amounts below it. */
    roundChoices: { exact: number; rounded: number[] } | null;
    /**
     * Round payment with a direct debit still collecting this year: the euro its collections will
     * take of the room (kept out of `roundChoices`) and the sentence that says so; null without one.
     */
    directDebit: DirectDebitReserve | null;
    /** Round payment with nothing left to pay: the form is replaced by a note. */
    maxedOut: boolean;
    pending: ContributionOptions['pending'];
    /** The form's validation: the request schema of today. */
    schema: ReturnType<typeof contributionRequestSchema>;
  } | null;
  /** What the current form values would earn (the live relief box). */
  preview(values: Pick<ContributionFormValues, 'amount' | 'tax_year'>): ReliefPreview;
  /** The payment under review, before and while it is paid. */
  review: {
    amount: number;
    sourceLabel: string;
    taxYear: number;
    relief: number;
    /** The part of the amount above the room left that year, which earns no relief (euro); 0 when all of it does. */
    withoutRelief: number;
  } | null;
  /** The paid contribution. */
  done: { amount: number; source: string; taxYear: number; relief: number | undefined } | null;
}

const schemaOf = memoLast((today: string) => contributionRequestSchema(dayOf(today)));

function dayOf(today: string): Dayjs {
  return parseApiDate(today) ?? calendarDay(new Date(0));
}

function figures(context: ContributionContext, year: number, amount: number) {
  const contributed = context.options?.contributed[String(year)] ?? 0;
  return contributionFigures(context.user, year, contributed, amount, dayOf(context.today));
}

/**
 * The room the direct debit's collections still to come this year will take (a paused mandate's
 * skipped ones not counted), at most the room there is; null when none are to come.
 */
function directDebitReserve(options: ContributionOptions, headroom: number, today: Dayjs): DirectDebitReserve | null {
  if (!options.mandate) return null;
  const outlook = mandateOutlook(options.mandate, headroom, today);
  if (outlook.remaining.length === 0) return null;
  const reserved = Math.min(Math.max(0, headroom), outlook.remainingTotal);
  const count = outlook.remaining.length;
  return {
    reserved,
    note: `Your direct debit will still collect ${formatEuro(outlook.remainingTotal, { keepZeroDecimals: true })} in ${today.year()} (${count} ${count === 1 ? 'collection' : 'collections'}), so that much of the room is left for it.`,
  };
}

/** The relief a reviewed payment earns, and the part of it above the year's room that earns none. */
function reviewRelief({ headroom, relief }: { headroom: number; relief: number }, amount: number) {
  return { relief, withoutRelief: roundToCents(Math.max(0, amount - Math.max(0, headroom))) };
}

/** The contribution flow as /contribute and /round-payment show it. */
export function contributionView(snapshot: Snapshot): ContributionView {
  const { context } = snapshot;
  const step = snapshot.value as ContributionStep;
  const options = context.options;
  const preview = (values: Pick<ContributionFormValues, 'amount' | 'tax_year'>): ReliefPreview => {
    const year = Number(values.tax_year) || options?.tax_year || dayOf(context.today).year();
    const amount = toAmount(values.amount);
    const { headroom, relief } = figures(context, year, amount);
    return { year, headroom, relief, overLimit: amount > headroom };
  };
  let form: ContributionView['form'] = null;
  if (step === 'editing' && options) {
    const thisYear = options.tax_year;
    const directDebit = context.mode === 'roundPayment' ? directDebitReserve(options, figures(context, thisYear, 0).headroom, dayOf(context.today)) : null;
    const roundChoices = context.mode === 'roundPayment' ? roundPaymentOptions(figures(context, thisYear, 0).headroom - (directDebit?.reserved ?? 0)) : null;
    const draft = context.draft;
    form = {
      initialValues: {
        amount: draft?.amount ?? (roundChoices ? (roundChoices.exact > 0 ? roundChoices.exact : '') : (context.suggestedAmount ?? '')),
        // A year or source kept in the address is used only while it is still offered.
        tax_year: String(draft?.tax_year ?? (context.suggestedYear !== undefined && options.assignable_years.includes(context.suggestedYear) ? context.suggestedYear : thisYear)),
        source: draft?.source ?? options.sources.find((source) => source.id === context.suggestedSource)?.id ?? options.sources[0]?.id ?? '',
      },
      thisYear,
      yearChoices:
        context.mode === 'contribute' && options.assignable_years.length > 1
          ? options.assignable_years.map((y) => ({ value: String(y), label: y === thisYear ? `${y} (this year)` : `${y} (last year)` }))
          : null,
      sources: options.sources.map((source) => ({ value: source.id, label: source.label })),
      roundChoices,
      directDebit,
      maxedOut: roundChoices !== null && roundChoices.exact === 0,
      pending: options.pending,
      schema: schemaOf(context.today),
    };
  }
  const draft: ContributionRequest | null = context.draft;
  return {
    step,
    mode: context.mode,
    busy: snapshot.hasTag('busy'),
    canConfirm: snapshot.can({ type: 'contribution.confirm' }),
    canRetry: snapshot.can({ type: 'contribution.retry' }),
    canEdit: snapshot.can({ type: 'contribution.edit' }),
    askingIdentity: step === 'confirmingIdentity' || step === 'steppingUp',
    canStepUp: snapshot.can({ type: 'contribution.stepUp', proof: { password: '' } }),
    // A wrong password at "Please confirm it is you" is said under the password field (the server
    // names it); the line above would only repeat "The given data was invalid." beside it.
    error: context.error && !((step === 'confirmingIdentity' || step === 'steppingUp') && fieldErrorsOf(context.error).password) ? failureMessage(context.error) : null,
    offerNewLink: isEmailUnverified(context.error),
    fieldErrors: fieldErrorsOf(context.error),
    form,
    preview,
    review:
      draft && options && step !== 'editing' && step !== 'done'
        ? {
            amount: draft.amount,
            sourceLabel: options.sources.find((source) => source.id === draft.source)?.label ?? draft.source,
            taxYear: draft.tax_year,
            ...reviewRelief(figures(context, draft.tax_year, draft.amount), draft.amount),
          }
        : null,
    done:
      step === 'done' && context.result
        ? {
            amount: context.result.contribution.amount,
            source: context.result.contribution.source,
            taxYear: context.result.contribution.tax_year,
            relief: context.result.relief,
          }
        : null,
  };
}

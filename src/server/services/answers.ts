import { INCOME_TYPE_IDS, categoryTitle, isIncomeTypeId, type Form11Category, type IncomeTypeId } from '../../domain/catalogue.ts';
import { amountsEntered } from '../../domain/schemas/form11/entered.ts';
import { FINAL_FORM_KEY } from '../../domain/form11Routes.ts';
import type { AnswerQuestion, IncomeDeclarationMap } from '../../domain/schemas/answers.ts';
import * as m from '../../domain/schemas/messages.ts';
import { claimYearsFor, defaultClaimYear, type TaxYear } from '../../domain/tax/index.ts';
import type { ClaimOwner } from './claimFigures.ts';
import type { Db } from '../db/index.ts';
import type { CategorySubmission, Form11EntryRow, Form11EntryService } from './form11Entries.ts';
import type { RefundCalculator } from './refundCalculator.ts';
import type { UserRow } from './users.ts';

/** Answers keyed by where they came from: `question` (POST /answer) or `questions.<key>` (POST /answer-multiple). */
export interface KeyedAnswer {
  /** The error path prefix of this answer ('answer', 'questions.rent-tax-credit', 'income-form.declaration'). */
  path: string;
  question: AnswerQuestion;
  answer: Record<string, unknown>;
}

/** Dotted paths of strings (or keys) the database cannot store as JSON text: a NUL, or a lone surrogate. */
function unstorableText(value: unknown, path: string, found: string[] = []): string[] {
  const bad = (text: string) => text.includes('\u0000') || !text.isWellFormed();
  if (typeof value === 'string') {
    if (bad(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableText(item, `${path}.${i}`, found));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (bad(key)) found.push(path);
      else unstorableText(item, `${path}.${key}`, found);
    }
  }
  return found;
}

export type SubmitResult = { ok: true; year: number; entry: Form11EntryRow | null; owner: ClaimOwner } | { ok: false; errors: Record<string, string[]> };

/**
 * Turns submitted answers into the year's Form 11 claim: each answer is validated by its
 * category's form schema on the server's date (and against the profile), checked against the
 * four-year rule, and merged into the claim (pending); then the whole claim is worked out again
 * as one computation and every category's figure recorded, since a new answer can change what
 * the others come to. Nothing is stored unless every answer passes, so a rejected request leaves
 * the claim as it was.
 */
export function createAnswerService(deps: { db: Db; form11Entries: Form11EntryService; refundCalculator: RefundCalculator }) {
  const { db, form11Entries, refundCalculator } = deps;

  /** The year a request without one means: the Tax Refund page's default, last year. */
  function yearOf(requested: TaxYear | undefined): number {
    return requested ?? defaultClaimYear(refundCalculator.today());
  }

  return {
    yearOf,

    /**
     * Validates, estimates and merges the answers into the user's claim for `year`. A declaration
     * (the final form's answer, or POST /income-forms) is the whole of the year's income: income
     * types it leaves out are withdrawn from the claim while still pending.
     */
    async submit(user: UserRow, requestedYear: TaxYear | undefined, answers: readonly KeyedAnswer[]): Promise<SubmitResult> {
      const year = yearOf(requestedYear);
      const today = refundCalculator.today();
      const errors: Record<string, string[]> = {};
      const categories: Record<string, CategorySubmission> = {};
      const add = (path: string, message: string) => {
        const messages = (errors[path] ??= []);
        if (!messages.includes(message)) messages.push(message);
      };

      const judge = (path: string, category: Form11Category, data: unknown) => {
        const years = claimYearsFor(category, today);
        if (!(years as readonly number[]).includes(year)) {
          // A year inside the window that is refused is the current one, for a credit that needs the whole year.
          if (year === today.year()) add(path, m.claimAfterYearEnd(year));
          else add('year', m.claimYearClosed(year));
          return;
        }
        const assessed = refundCalculator.assess(user, year as TaxYear, category, data);
        if (!assessed.ok) {
          for (const [field, messages] of Object.entries(assessed.errors)) for (const message of messages) add(`${path}.${field}`, message);
          return;
        }
        // A page with nothing entered is skipped, never claimed as €0 (the flow asks "Skip this page?").
        if (!amountsEntered(category, assessed.data)) {
          add(path, m.noAmountsEntered(categoryTitle(category)));
          return;
        }
        const unstorable = unstorableText(assessed.data, path);
        if (unstorable.length > 0) {
          for (const at of unstorable) add(at, m.TEXT_INVALID_CHARACTERS);
          return;
        }
        // The figure is the whole claim's share, recorded once the answers are merged.
        categories[category] = { data: assessed.data, refundCents: 0 };
      };

      let declared = false;
      for (const { path, question, answer } of answers) {
        if (question !== FINAL_FORM_KEY) {
          judge(path, question, answer);
          continue;
        }
        declared = true;
        // The final form's answer is a declaration: income type id → that income's data.
        for (const [incomeId, data] of Object.entries(answer)) {
          if (!isIncomeTypeId(incomeId)) add(`${path}.${incomeId}`, m.CATEGORY_UNKNOWN);
          else judge(`${path}.${incomeId}`, incomeId, data);
        }
      }
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      const undeclared = declared ? INCOME_TYPE_IDS.filter((id) => !Object.hasOwn(categories, id)) : [];
      const owner = await refundCalculator.ownerOf(user);
      // One transaction: the claim never shows the new answers without the withdrawals, or the reverse.
      const entry = await db.transaction(async (tx) => {
        keepYearIncome(categories, (await form11Entries.findForYear(user.id, year, tx))?.snapshot);
        let row = Object.keys(categories).length > 0 ? await form11Entries.submitCategories(user.id, year, categories, tx) : undefined;
        if (undeclared.length > 0) row = await form11Entries.withdrawPending(user.id, year, undeclared, tx);
        if (row && (Object.keys(categories).length > 0 || undeclared.length > 0)) row = await form11Entries.recordFigures(row, owner, tx);
        return row ?? (await form11Entries.findForYear(user.id, year, tx));
      });
      return { ok: true, year, entry: entry ?? null, owner };
    },

    /** The income types declared in the user's claim for `year`, with what was entered for each. */
    async declaration(userId: string, year: number): Promise<IncomeDeclarationMap> {
      const row = await form11Entries.findForYear(userId, year);
      const declaration: IncomeDeclarationMap = {};
      for (const [category, data] of Object.entries(row?.snapshot ?? {})) {
        if (isIncomeTypeId(category) && typeof data === 'object' && data !== null) declaration[category as IncomeTypeId] = data as Record<string, unknown>;
      }
      return declaration;
    },
  };
}

export type AnswerService = ReturnType<typeof createAnswerService>;

/**
 * A pension answer's income of its year is asked only by /pension-refund; the Form 11 page of the
 * same pension does not show it. Saving that page again must not drop it (the year would then be
 * worked out from today's income), so an answer without one keeps the one stored.
 */
function keepYearIncome(categories: Record<string, CategorySubmission>, stored: Record<string, unknown> | null | undefined) {
  const incomeOf = (data: unknown) => (typeof data === 'object' && data !== null ? (data as Record<string, unknown>).incomeInYear : undefined);
  for (const [category, answer] of Object.entries(categories)) {
    const kept = incomeOf(stored?.[category]);
    if (typeof incomeOf(answer.data) !== 'number' && typeof kept === 'number') answer.data = { ...(answer.data as Record<string, unknown>), incomeInYear: kept };
  }
}

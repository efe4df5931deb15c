/**
 * Linked bank accounts, round-ups and their graph: the requests (shared by the API client and
 * the server, which answers a refusal with 422 and these messages per field) and the answers.
 * Money: `amount`, `balance` and the graph are euro; a transaction's `roundup` is integer cents
 * (spec section 3).
 */
import * as v from 'valibot';
import type { Dayjs } from 'dayjs';
import { compareCalendarDates, parseApiDate } from '../dates.ts';
import { MAX_PAUSE_DAYS, ROUNDUP_REASONS } from '../roundups.ts';
import { requestObject, responseObject, stop } from './fields.ts';
import * as m from './messages.ts';
import { ContributionSchema, hasWholeCents } from './pension.ts';
import { UserSchema } from './user.ts';

// ─── Requests ────────────────────────────────────────────────────────────────────────────────

/** The `{id}` of PATCH /accounts/{id}. */
export const AccountIdSchema = v.pipe(v.string(m.ACCOUNT_UNKNOWN), v.uuid(m.ACCOUNT_UNKNOWN));
/** The `{id}` of POST /accounts/consents/{id}/revoke, and `renew` / `consent_id` in bodies. */
export const ConsentIdSchema = v.pipe(v.string(m.CONSENT_UNKNOWN), v.uuid(m.CONSENT_UNKNOWN));

/** POST /roundups/apply and POST /roundups/clear take no fields: an empty object, or no body at all. */
export const RoundupsApplyRequestSchema = requestObject({});
export const RoundupsClearRequestSchema = requestObject({});

/** PATCH /accounts/{id}: round-ups on or off; `funding: true` collects round-ups from this account. */
export const AccountPatchRequestSchema = requestObject({
  roundups: v.optional(v.boolean(m.BOOLEAN_REQUIRED)),
  funding: v.optional(v.literal(true, m.FUNDING_TRUE_ONLY)),
});
export type AccountPatchRequest = v.InferOutput<typeof AccountPatchRequestSchema>;

/** POST /accounts/link: a new bank link, or the renewal of one (its accounts keep their ids, settings and history). */
export const LinkRequestSchema = requestObject({ renew: v.optional(ConsentIdSchema) });
export type LinkRequest = v.InferOutput<typeof LinkRequestSchema>;

/** POST /accounts/link/complete: the link and the query string the bank sent the browser back with. */
export const LinkCompleteRequestSchema = requestObject({
  consent_id: ConsentIdSchema,
  callback: v.pipe(v.string(m.BANK_CALLBACK_INVALID), v.maxLength(2000, m.BANK_CALLBACK_INVALID)),
});
export type LinkCompleteRequest = v.InferOutput<typeof LinkCompleteRequestSchema>;

/** Euro with at most two decimals, between `min` and `max`; null switches the setting off. */
function settingAmount(min: number, max: number, message: string) {
  return v.optional(
    v.nullable(
      v.pipe(
        v.number(message),
        v.finite(message),
        stop<number>(),
        v.minValue(min, message),
        stop<number>(),
        v.maxValue(max, message),
        stop<number>(),
        v.check(hasWholeCents, m.CENTS_ONLY),
      ),
    ),
  );
}

/**
 * PATCH /roundups/settings: a weekly cap (round-ups beyond it wait for the next week), a
 * minimum balance on the account collected from (409 `balance_floor` instead of going below
 * it), and a pause of up to 90 days (purchases booked in it do not round up). All off by
 * default; null turns one off, a field left out stays as it is.
 */
export function roundupSettingsRequestSchema(today: Dayjs) {
  return requestObject({
    weekly_cap: settingAmount(1, 1000, m.ROUNDUP_CAP_RANGE),
    balance_floor: settingAmount(0, 100_000, m.BALANCE_FLOOR_RANGE),
    paused_until: v.optional(
      v.nullable(
        v.pipe(
          v.string(m.PAUSE_RANGE),
          v.check((text) => {
            const date = parseApiDate(text);
            if (!date) return false;
            const ahead = compareCalendarDates(date, today);
            return ahead >= 0 && ahead <= MAX_PAUSE_DAYS;
          }, m.PAUSE_RANGE),
        ),
      ),
    ),
  });
}
export type RoundupSettingsRequest = v.InferOutput<ReturnType<typeof roundupSettingsRequestSchema>>;

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────

export const CONSENT_STATUSES = ['awaiting', 'active', 'expiring', 'expired', 'revoked', 'replaced', 'cancelled', 'refused'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/**
 * A bank link. `awaiting`: the user has not answered at the bank yet; `active`, then `expiring`
 * from 7 days before `expires_at` (mailed once, "Renew" offered); `expired`, `revoked` (by the
 * user), `replaced` (by a renewal); `cancelled` or `refused` at the bank (nothing was linked).
 */
export const ConsentSchema = responseObject({
  id: v.string(),
  status: v.picklist(CONSENT_STATUSES),
  expires_at: v.nullable(v.string()),
});
export type Consent = v.InferOutput<typeof ConsentSchema>;

export const TransactionSchema = responseObject({
  id: v.string(),
  /** When the transaction happened (ISO). */
  timestamp: v.string(),
  /** YYYY-MM-DD, the bank's booking date (the transaction date while pending). */
  booking_date: v.optional(v.string()),
  /** Euro as booked: a debit is negative (screens invert the sign). */
  amount: v.number(),
  currency: v.string(),
  status: v.picklist(['booked', 'pending']),
  description: v.string(),
  /** Integer cents; 0 with a `roundup_reason` when it does not round up. */
  roundup: v.number(),
  /** true: paid into the pension; false: declined; null: pending (or nothing to round up). */
  roundupApplied: v.nullable(v.boolean()),
  roundup_reason: v.nullable(v.picklist(ROUNDUP_REASONS)),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

export const AccountSchema = responseObject({
  id: v.string(),
  /** The bank's name. */
  display_name: v.string(),
  /** The account's own name at the bank ("Current account"). */
  name: v.optional(v.string()),
  currency: v.optional(v.string()),
  /** Masked: country, check digits and the last four ("IE29 •••• 5678"). */
  account_number: responseObject({ iban: v.string() }),
  /** Round-ups on for this account. */
  roundups: v.boolean(),
  /** Round-ups are collected from this account. */
  funding: v.boolean(),
  /** Pending round-ups of this account, euro (the sum of their cents / 100). */
  balance: v.number(),
  /** YYYY-MM-DD: purchases from this date round up (link date − 7 days). */
  roundups_from: v.optional(v.string()),
  consent: ConsentSchema,
  /** The last successful read from the bank (ISO), null before the first. */
  last_synced_at: v.nullable(v.string()),
  /** The next unattended read (ISO), null when none is planned (the link has ended). */
  next_sync_at: v.nullable(v.string()),
  /** Newest first. */
  transactions: v.array(TransactionSchema),
});
export type Account = v.InferOutput<typeof AccountSchema>;

export const AccountsAnswerSchema = v.array(AccountSchema);

/** POST /accounts/link: the link and the bank page to send the browser to. */
export const LinkAnswerSchema = responseObject({ consent_id: v.string(), url: v.string() });
export type LinkAnswer = v.InferOutput<typeof LinkAnswerSchema>;

/** POST /accounts/link/complete: the link as it now stands, and the accounts it linked (none unless active). */
export const LinkCompleteAnswerSchema = responseObject({ consent: ConsentSchema, accounts: v.array(AccountSchema) });
export type LinkCompleteAnswer = v.InferOutput<typeof LinkCompleteAnswerSchema>;

/** POST /accounts/consents/{id}/revoke */
export const RevokeAnswerSchema = responseObject({ consent: ConsentSchema });

/** GET /graph: round-ups paid per month, the last 12 months ('2026-01'), euro. */
export const GraphAnswerSchema = responseObject({
  labels: v.array(v.string()),
  datasets: v.array(responseObject({ label: v.string(), data: v.array(v.number()) })),
});
export type Graph = v.InferOutput<typeof GraphAnswerSchema>;

/** POST /roundups/apply: what was paid (euro), the contribution (null when nothing was pending), the user after it. */
export const ApplyAnswerSchema = responseObject({
  applied: responseObject({ count: v.number(), amount: v.number() }),
  contribution: v.nullable(ContributionSchema),
  user: UserSchema,
  /** The tax relief the payment earned (euro); absent on a replay or when nothing was paid. */
  relief: v.optional(v.number()),
});
export type ApplyAnswer = v.InferOutput<typeof ApplyAnswerSchema>;
/** What the server sends (the user before the client's defaults fill it in). */
export type ApplyAnswerInput = v.InferInput<typeof ApplyAnswerSchema>;

/** POST /roundups/clear: the pending round-ups declined (euro). */
export const ClearAnswerSchema = responseObject({ declined: responseObject({ count: v.number(), amount: v.number() }) });
export type ClearAnswer = v.InferOutput<typeof ClearAnswerSchema>;

/** GET and PATCH /roundups/settings (euro; null = off). */
export const RoundupSettingsSchema = responseObject({
  weekly_cap: v.nullable(v.number()),
  balance_floor: v.nullable(v.number()),
  /** YYYY-MM-DD, inclusive; null when not paused. */
  paused_until: v.nullable(v.string()),
  /** Round-ups collected or being collected this week (Monday to Sunday, Irish time), euro. */
  collected_this_week: v.number(),
});
export type RoundupSettings = v.InferOutput<typeof RoundupSettingsSchema>;

/** The `code` of a 409 from POST /roundups/apply. */
export const PENSION_PLAN_REQUIRED_CODE = 'pension_plan_required';
export const BALANCE_FLOOR_CODE = 'balance_floor';

import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { API_DATE_FORMAT, dayjs } from '../../domain/dates.ts';
import { collectionDatesBetween, collectsFrom, isPaused, maskIban, nextCollectionDate, stillCollectsFrom } from '../../domain/directDebit.ts';
import type { DirectDebitRequest, Mandate } from '../../domain/schemas/pension.ts';
import type { Db } from '../db/index.ts';
import { contributions, directDebitMandates, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { type Keyring, decryptField, encryptField, randomToken } from './crypto.ts';
import type { PensionLedgerService } from './pensionLedger.ts';
import { irishToday } from './users.ts';
import { centsToEuro, euroToCents } from '../../domain/money.ts';

export type MandateRow = typeof directDebitMandates.$inferSelect;

/** Associated data of the IBAN ciphertext: binds it to its mandate row. */
export function ibanAad(mandateId: string): string {
  return `direct_debit_mandates.iban:${mandateId}`;
}

/** How far back a collection run catches up on dates it missed (the server was down, say). */
const CATCH_UP_DAYS = 35;

export function toApiMandate(row: MandateRow, today: string, lastCollection: string | null = null): Mandate {
  return {
    id: row.id,
    reference: row.reference,
    iban_masked: row.ibanMasked,
    amount: centsToEuro(row.amountCents),
    day_of_month: row.dayOfMonth,
    start_date: row.startDate,
    next_collection: nextCollectionDate(row.startDate, row.dayOfMonth, stillCollectsFrom({ paused_until: row.pausedUntil, last_collection: lastCollection }, dayjs(today))),
    accepted_at: row.acceptedAt.toISOString(),
    // Today's date counts until the run has collected it (the run is periodic; the start date is
    // always after the day of acceptance), as the Overview's outlook counts.
    // A pause is shown while it holds back a collection after today: one ending today, as after a
    // Resume on a collection day, is history (today's date is skipped, `next_collection` says so).
    paused_until: isPaused(row.pausedUntil, dayjs(today).add(1, 'day')) ? row.pausedUntil : null,
    last_collection: lastCollection,
  };
}

/** The date a collection's idempotency key names (`dd-<mandate>-<YYYY-MM-DD>`). */
const collectionDateOf = (idempotencyKey: string) => idempotencyKey.slice(-'YYYY-MM-DD'.length);

/**
 * Direct debit mandates: at most one active per user. A change ends the active mandate and
 * makes a new one (new reference, new acceptance), so each mandate row stays the evidence of what
 * was accepted. Collections go through the ledger with the key `dd-<mandate>-<date>`, so a date
 * is collected once however often (and in however many processes) the collection run happens.
 */
export function createDirectDebitService(deps: { db: Db; clock: Clock; keyring: Keyring; ledger: PensionLedgerService }) {
  const { db, clock, keyring, ledger } = deps;

  const active = async (userId: string, tx: Db = db): Promise<MandateRow | undefined> => {
    const [row] = await tx
      .select()
      .from(directDebitMandates)
      .where(and(eq(directDebitMandates.userId, userId), isNull(directDebitMandates.cancelledAt)));
    return row;
  };

  return {
    active: (userId: string) => active(userId),

    /**
     * The mandate as the API answers it, with the latest date collected: a succeeded collection is
     * in the year's pension, a declined one is never tried again (its key is taken).
     */
    async toApi(row: MandateRow, today: string): Promise<Mandate> {
      const [last] = await db
        .select({ key: contributions.idempotencyKey })
        .from(contributions)
        .where(and(eq(contributions.userId, row.userId), eq(contributions.mandateId, row.id), inArray(contributions.status, ['succeeded', 'declined'])))
        // Keys differ only in their date, so the greatest key is the latest date.
        .orderBy(desc(contributions.idempotencyKey))
        .limit(1);
      return toApiMandate(row, today, last ? collectionDateOf(last.key) : null);
    },

    /** Sets up or changes the mandate; null when a change leaves out the IBAN and there is no mandate to keep it from. */
    async save(userId: string, request: DirectDebitRequest): Promise<MandateRow | null> {
      return db.transaction(async (tx) => {
        // One change at a time per user: concurrent saves (a double click) queue here instead of
        // racing to the unique index of the active mandate.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const now = clock.now();
        const current = await active(userId, tx);
        const iban = request.iban ?? (current ? decryptField(keyring, current.ibanEncrypted, ibanAad(current.id)) : null);
        if (iban === null) return null;
        if (current) await tx.update(directDebitMandates).set({ cancelledAt: now, updatedAt: now }).where(eq(directDebitMandates.id, current.id));
        const id = randomUUID();
        const [row] = await tx
          .insert(directDebitMandates)
          .values({
            id,
            userId,
            reference: `MXO-${randomToken(8).replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toUpperCase()}`,
            ibanEncrypted: encryptField(keyring, iban, ibanAad(id)),
            ibanMasked: maskIban(iban),
            amountCents: euroToCents(request.amount),
            dayOfMonth: request.day_of_month,
            startDate: request.start_date,
            acceptedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!row) throw new Error('mandate insert returned no row');
        return row;
      });
    },

    /** Whether the user ever had a mandate on this IBAN (a new one asks for a step-up). */
    async hasUsedIban(userId: string, iban: string): Promise<boolean> {
      const rows = await db.select({ id: directDebitMandates.id, ibanEncrypted: directDebitMandates.ibanEncrypted }).from(directDebitMandates).where(eq(directDebitMandates.userId, userId));
      return rows.some((row) => decryptField(keyring, row.ibanEncrypted, ibanAad(row.id)) === iban);
    },

    /** The user's IBAN on each mandate, in clear (their own data download). */
    async ibansOf(userId: string): Promise<Record<string, string>> {
      const rows = await db.select({ id: directDebitMandates.id, ibanEncrypted: directDebitMandates.ibanEncrypted }).from(directDebitMandates).where(eq(directDebitMandates.userId, userId));
      return Object.fromEntries(rows.map((row) => [row.id, decryptField(keyring, row.ibanEncrypted, ibanAad(row.id))]));
    },

    /** Cancels the active mandate; undefined when there is none. */
    async cancel(userId: string): Promise<MandateRow | undefined> {
      const now = clock.now();
      const [row] = await db
        .update(directDebitMandates)
        .set({ cancelledAt: now, updatedAt: now })
        .where(and(eq(directDebitMandates.userId, userId), isNull(directDebitMandates.cancelledAt)))
        .returning();
      return row;
    },

    /**
     * Pauses the active mandate: no collection dated up to `until` (Irish date, inclusive), and
     * none made up afterwards. Undefined when there is no mandate.
     */
    async pause(userId: string, until: string): Promise<MandateRow | undefined> {
      const now = clock.now();
      // Pausing never shortens a pause: that would restart collections, which only Resume may do
      // (it has the money-moving checks). The later of the two dates is kept.
      const [row] = await db
        .update(directDebitMandates)
        .set({ pausedUntil: sql`greatest(coalesce(${directDebitMandates.pausedUntil}, ${until}::date), ${until}::date)`, updatedAt: now })
        .where(and(eq(directDebitMandates.userId, userId), isNull(directDebitMandates.cancelledAt)))
        .returning();
      return row;
    },

    /**
     * Ends the active mandate's pause: it collects again from tomorrow. The pause is kept as
     * ending today, so neither the dates it skipped nor today's (skipped by a run earlier today, or about to be) are collected by the
     * catch-up run; on a day that is no collection date, as ending yesterday. 'notPaused' when the
     * mandate is not paused today; undefined when there is no mandate.
     */
    async resume(userId: string): Promise<MandateRow | 'notPaused' | undefined> {
      const now = clock.now();
      const today = dayjs(irishToday(now));
      const current = await active(userId);
      if (!current) return undefined;
      if (!isPaused(current.pausedUntil, today)) return 'notPaused';
      const [row] = await db
        .update(directDebitMandates)
        .set({ pausedUntil: resumedPauseEnd(current, today), updatedAt: now })
        .where(and(eq(directDebitMandates.id, current.id), isNull(directDebitMandates.cancelledAt)))
        .returning();
      return row;
    },

    /**
     * Collects every active mandate's payments due from CATCH_UP_DAYS ago up to today (Irish
     * date), skipping the dates a pause covers. Returns how many new payments were made.
     */
    async collectDue(): Promise<number> {
      const today = dayjs(irishToday(clock.now()));
      const mandates = await db.select().from(directDebitMandates).where(isNull(directDebitMandates.cancelledAt));
      let made = 0;
      for (const mandate of mandates) {
        // Never a date before the mandate was accepted: the first one is always ahead of it.
        const accepted = dayjs(irishToday(mandate.acceptedAt));
        const catchUp = today.subtract(CATCH_UP_DAYS, 'day');
        const from = collectsFrom(mandate.pausedUntil, catchUp.isAfter(accepted) ? catchUp : accepted.add(1, 'day'));
        for (const date of collectionDatesBetween(mandate.startDate, mandate.dayOfMonth, from, today)) {
          const outcome = await ledger.pay(
            mandate.userId,
            `dd-${mandate.id}-${date}`,
            {
              amountCents: mandate.amountCents,
              taxYear: Number(date.slice(0, 4)),
              kind: 'direct_debit',
              sourceId: `mandate:${mandate.id}`,
              sourceLabel: `Direct debit ${mandate.ibanMasked}`,
              mandateId: mandate.id,
            },
            // The run read the mandates when it started; a pause or cancel since then wins. The row
            // is locked, so a pause or cancel that lands now waits for this decision, or comes first.
            { admit: async (tx) => ((await stillCollects(tx, mandate.id, date)) ? null : { field: 'amount', limit: 'mandate', message: 'The mandate was paused or cancelled.' }) },
          );
          if ((outcome.kind === 'succeeded' || outcome.kind === 'declined') && !outcome.replayed) made += 1;
        }
      }
      return made;
    },
  };
}

export type DirectDebitService = ReturnType<typeof createDirectDebitService>;

/** Where a resumed mandate's pause ends: today when today is one of its collection dates (that date is not collected), else yesterday. */
function resumedPauseEnd(mandate: Pick<MandateRow, 'startDate' | 'dayOfMonth'>, today: ReturnType<typeof dayjs>): string {
  const collectsToday = collectionDatesBetween(mandate.startDate, mandate.dayOfMonth, today, today).length > 0;
  return (collectsToday ? today : today.subtract(1, 'day')).format(API_DATE_FORMAT);
}

/** Whether the mandate, locked for this transaction, is still active and not paused on `date`. */
async function stillCollects(tx: Db, mandateId: string, date: string): Promise<boolean> {
  const [row] = await tx
    .select({ cancelledAt: directDebitMandates.cancelledAt, pausedUntil: directDebitMandates.pausedUntil })
    .from(directDebitMandates)
    .where(eq(directDebitMandates.id, mandateId))
    .for('update');
  return row !== undefined && row.cancelledAt === null && !isPaused(row.pausedUntil, dayjs(date));
}

import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, gt, isNotNull, isNull, lt, ne, notInArray } from 'drizzle-orm';
import type { AgentDetails, AuthorisationSummary, PayeAuthorisationRequest } from '../../domain/schemas/payeAuthorisation.ts';
import type { Db } from '../db/index.ts';
import { auditLog, payeAuthorisations, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { type Keyring, encryptField } from './crypto.ts';
import { encryptPpsn, type UserRow } from './users.ts';

export type PayeAuthorisationRow = typeof payeAuthorisations.$inferSelect;

/** An authorisation stays in force until cancelled, or at most 4 years (spec section 9; reference §8, R42). */
export const AUTHORISATION_YEARS = 4;
/** Evidence is kept 6 years from the end of the tax year concerned (reference §8, R42; checklist G4). */
export const EVIDENCE_RETENTION_YEARS = 6;

/** When an authorisation signed at `signedAt` lapses: the same instant 4 years later (29 February → 28 February). */
export function lapseOf(signedAt: Date): Date {
  const lapse = new Date(signedAt);
  lapse.setUTCFullYear(signedAt.getUTCFullYear() + AUTHORISATION_YEARS);
  if (lapse.getUTCMonth() !== signedAt.getUTCMonth()) lapse.setUTCDate(0);
  return lapse;
}

/**
 * Until when the signed declaration is kept: 6 years from the end of the last tax year it can
 * cover (the year in which it lapses), i.e. 1 January of lapse year + 7.
 */
export function retentionOf(lapsesAt: Date): Date {
  return new Date(Date.UTC(lapsesAt.getUTCFullYear() + 1 + EVIDENCE_RETENTION_YEARS, 0, 1));
}

/** Associated data binding an encrypted field to its row and column. */
export const payeAad = (rowId: string, column: 'ppsn' | 'signature') => `paye_authorisations.${column}:${rowId}`;

export function toSummary(row: Pick<PayeAuthorisationRow, 'signedAt' | 'lapsesAt' | 'documentHolder'>): AuthorisationSummary {
  return { authorized_at: row.signedAt.toISOString(), lapses_at: row.lapsesAt.toISOString(), document_holder: row.documentHolder };
}

/**
 * Signed PAYE A1 declarations. Signing stores the declaration as evidence (PPSN and signature
 * encrypted, bound to the row), supersedes any earlier one, and puts the authorisation in force on
 * the user: paye_a1_authorized, opt_out_paye_auth false, the lapse date, and the names and PPSN the
 * user declared.
 */
export function createPayeAuthorisationService(deps: { db: Db; clock: Clock; keyring: Keyring; agent: AgentDetails }) {
  const { db, clock, keyring, agent } = deps;

  return {
    /** The agent details every declaration names (server configuration). */
    agent,

    /** The user's authorisation in force (signed, not superseded, not lapsed), or undefined. */
    async current(userId: string): Promise<PayeAuthorisationRow | undefined> {
      const [row] = await db
        .select()
        .from(payeAuthorisations)
        .where(and(eq(payeAuthorisations.userId, userId), isNull(payeAuthorisations.supersededAt), gt(payeAuthorisations.lapsesAt, clock.now())))
        .orderBy(desc(payeAuthorisations.signedAt))
        .limit(1);
      return row;
    },

    /**
     * Stores the signed declaration and puts it in force; returns the new evidence row. The audit
     * log records that a PPSN and a signature were stored (never the values), with the request id.
     */
    async sign(user: UserRow, request: PayeAuthorisationRequest, clientAddress: string | null, requestId: string | null = null): Promise<PayeAuthorisationRow> {
      const form = request.form_data;
      const signedAt = clock.now();
      const lapsesAt = lapseOf(signedAt);
      const id = randomUUID();
      const clientAuthorizedAt = new Date(request.authorized_at);
      return db.transaction(async (tx) => {
        // One signature at a time per user: concurrent ones queue here, so exactly one is current.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const superseded = await tx
          .update(payeAuthorisations)
          .set({ supersededAt: signedAt })
          .where(and(eq(payeAuthorisations.userId, user.id), isNull(payeAuthorisations.supersededAt)))
          .returning({ id: payeAuthorisations.id });
        // Evidence of the same day: of the declarations superseded today only the last one is
        // kept, so signing again and again cannot pile up signature images.
        const startOfDay = new Date(Date.UTC(signedAt.getUTCFullYear(), signedAt.getUTCMonth(), signedAt.getUTCDate()));
        const [kept] = superseded;
        if (kept) {
          await tx
            .delete(payeAuthorisations)
            .where(and(eq(payeAuthorisations.userId, user.id), gte(payeAuthorisations.supersededAt, startOfDay), ne(payeAuthorisations.id, kept.id)));
        }
        const [row] = await tx
          .insert(payeAuthorisations)
          .values({
            id,
            userId: user.id,
            firstName: form.firstName,
            surname: form.lastName,
            ppsnEncrypted: encryptField(keyring, form.ppsn, payeAad(id, 'ppsn')),
            dateOfBirth: form.dateOfBirth,
            email: form.emailAddress,
            documentHolder: form.documentHolder,
            signatureEncrypted: encryptField(keyring, form.clientSignature, payeAad(id, 'signature')),
            taxAgencyName: agent.taxAgencyName,
            tain: agent.tain,
            agentAddress: agent.agentAddress,
            agentSignatory: agent.agentSignature,
            clientAuthorizedAt: Number.isNaN(clientAuthorizedAt.getTime()) ? null : clientAuthorizedAt,
            signedAt,
            lapsesAt,
            retainUntil: retentionOf(lapsesAt),
            clientAddress,
          })
          .returning();
        if (!row) throw new Error('paye authorisation insert returned no row');
        await tx
          .update(users)
          .set({
            payeA1Authorized: true,
            optOutPayeAuth: false,
            payeA1LapsesAt: lapsesAt,
            firstName: form.firstName,
            surname: form.lastName,
            ppsnEncrypted: encryptPpsn(keyring, user.id, form.ppsn),
            updatedAt: signedAt,
          })
          .where(eq(users.id, user.id));
        await tx.insert(auditLog).values({ userId: user.id, action: 'paye_authorisation.signed', requestId, at: signedAt });
        return row;
      });
    },

    /** Deletes declarations whose retention has ended (checklist G4); returns how many. */
    async purgeExpired(): Promise<number> {
      // Never the evidence of a user under a legal hold (an enquiry is open): it waits for the hold to end.
      const held = db.select({ id: users.id }).from(users).where(isNotNull(users.legalHoldAt));
      const deleted = await db
        .delete(payeAuthorisations)
        .where(and(lt(payeAuthorisations.retainUntil, clock.now()), notInArray(payeAuthorisations.userId, held)))
        .returning({ id: payeAuthorisations.id });
      return deleted.length;
    },
  };
}

export type PayeAuthorisationService = ReturnType<typeof createPayeAuthorisationService>;

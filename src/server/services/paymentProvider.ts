import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { sandboxPayments } from '../db/schema.ts';
import { sha256Hex } from './crypto.ts';

/** An account or card a contribution may be paid from. */
export interface PaymentSource {
  id: string;
  label: string;
}

export interface CollectRequest {
  /**
   * Our unique reference of this payment (derived from the user and the request's idempotency
   * key): a provider that sees the same reference twice must collect once and answer the same.
   */
  reference: string;
  userId: string;
  amountCents: number;
  source: string;
}

/** A declined payment is an answer, not an error; a thrown error is an outage (nothing recorded). */
export type CollectResult = { ok: true; providerReference: string } | { ok: false; reason: 'declined' };

/**
 * Where money for contributions comes from. The embedded default is a sandbox that moves no
 * money; a real provider (card acquirer, SEPA collections) plugs in behind the same interface.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The accounts and cards this user may pay from. */
  sources(userId: string): Promise<PaymentSource[]>;
  collect(request: CollectRequest): Promise<CollectResult>;
  /**
   * What became of the collection with our `reference`: its result, or null when the provider
   * never received it. Asked when our record of an attempt was cut short (a crash between the
   * provider's answer and our commit), so the payment is booked or failed as it really went.
   * A thrown error is an outage: ask again later.
   */
  lookup(reference: string): Promise<CollectResult | null>;
}

/** Where the sandbox keeps what it collected: a table (durable, shared by processes) or memory. */
export interface SandboxLedger {
  /** Records `result` for `reference` unless one is there; answers the one recorded. */
  record(reference: string, amountCents: number, result: CollectResult): Promise<CollectResult>;
  find(reference: string): Promise<CollectResult | null>;
}

const asResult = (row: { outcome: 'succeeded' | 'declined'; providerReference: string | null }): CollectResult =>
  row.outcome === 'succeeded' ? { ok: true, providerReference: row.providerReference ?? '' } : { ok: false, reason: 'declined' };

/** The sandbox's records in the database (table sandbox_payments), as a provider's own would survive our crash. */
export function databaseSandboxLedger(db: Db): SandboxLedger {
  const find = async (reference: string) => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
    return row ? asResult(row) : null;
  };
  return {
    find,
    async record(reference, amountCents, result) {
      await db
        .insert(sandboxPayments)
        .values({ reference, amountCents, outcome: result.ok ? 'succeeded' : 'declined', providerReference: result.ok ? result.providerReference : null })
        .onConflictDoNothing({ target: sandboxPayments.reference });
      return (await find(reference)) ?? result;
    },
  };
}

/** The sandbox's records in memory (one process, lost with it). */
export function memorySandboxLedger(): SandboxLedger {
  const results = new Map<string, CollectResult>();
  return {
    find: async (reference) => results.get(reference) ?? null,
    async record(reference, _amountCents, result) {
      if (!results.has(reference)) results.set(reference, result);
      return results.get(reference)!;
    },
  };
}

export const SANDBOX_SOURCES: readonly PaymentSource[] = [
  { id: 'sandbox-current-account', label: 'Current account' },
  { id: 'sandbox-debit-card', label: 'Debit card' },
];

/** Amounts whose cents are .13 are declined by the sandbox, so the failure path can be tried by hand. */
export const SANDBOX_DECLINED_CENTS = 13;

/**
 * The sandbox payment provider: no money moves. Every user has the two sandbox sources; a
 * collection succeeds unless its cents part is .13 (then it is declined). Like a real provider it
 * keeps what it collected per reference (`ledger`: the database in the server, memory when none
 * is given), so the same reference collects once and answers the same, and `lookup` can say later
 * whether a collection happened.
 */
export function createSandboxPaymentProvider(ledger: SandboxLedger = memorySandboxLedger()): PaymentProvider {
  return {
    name: 'sandbox',
    sources: async () => SANDBOX_SOURCES.map((source) => ({ ...source })),
    collect: async ({ reference, amountCents }) =>
      ledger.record(
        reference,
        amountCents,
        amountCents % 100 === SANDBOX_DECLINED_CENTS ? { ok: false, reason: 'declined' } : { ok: true, providerReference: `sbx_${sha256Hex(reference).slice(0, 24)}` },
      ),
    lookup: (reference) => ledger.find(reference),
  };
}

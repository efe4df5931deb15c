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
}

export const SANDBOX_SOURCES: readonly PaymentSource[] = [
  { id: 'sandbox-current-account', label: 'Sandbox current account' },
  { id: 'sandbox-debit-card', label: 'Sandbox debit card' },
];

/** Amounts whose cents are .13 are declined by the sandbox, so the failure path can be tried by hand. */
export const SANDBOX_DECLINED_CENTS = 13;

/**
 * The sandbox payment provider: no money moves. Every user has the two sandbox sources; a
 * collection succeeds unless its cents part is .13 (then it is declined). The provider reference
 * is derived from our reference, so the same request always gets the same answer.
 */
export function createSandboxPaymentProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    sources: async () => SANDBOX_SOURCES.map((source) => ({ ...source })),
    collect: async ({ reference, amountCents }) => {
      if (amountCents % 100 === SANDBOX_DECLINED_CENTS) return { ok: false, reason: 'declined' };
      return { ok: true, providerReference: `sbx_${sha256Hex(reference).slice(0, 24)}` };
    },
  };
}

import type { ActorRefFrom, PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { User } from '../../src/domain/schemas/user.ts';

/** POST /auth/resend-verification; `emailVerified` true when the address turned out verified already. */
export type ResendResult = { ok: true; emailVerified: boolean } | { ok: false; error: ApiFailure };
export type ResendVerificationLogic = PromiseActorLogic<ResendResult, void>;
export type ResendVerificationRef = ActorRefFrom<ResendVerificationLogic>;

export interface VerifyEmailInput {
  /** The signed-in user's address. */
  email: string;
  /** Whether the profile says it is proven (absent in the profile: treated as proven). */
  verified: boolean;
}

export interface VerifyEmailContext {
  email: string;
  /** What the profile said when the session started. */
  provenAtStart: boolean;
  /** A new link went out during this session. */
  linkSent: boolean;
  /** Why the last resend failed, or null. */
  error: ApiFailure | null;
}

export type VerifyEmailEvent =
  | { type: 'verifyEmail.resend' }
  /** The session's user changed (a profile reload after the link was used, a sign-in elsewhere). */
  | { type: 'session.user.changed'; user: User | null };

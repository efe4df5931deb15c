/**
 * POST /paye-authorization (spec sections 3 and 7): the signed PAYE A1 agent declaration, and
 * GET /paye-authorization: the fixed agent details the declaration shows and the authorisation in
 * force. The agent values come from the server's configuration; a client may echo them back, and
 * the server refuses values that differ (the user signed for other details).
 */
import type { Dayjs } from 'dayjs';
import * as v from 'valibot';
import { parseDate } from '../dates.ts';
import { apiDateOfBirthField, dateOfBirthField, emailField, nameField, ppsnOrMaskedField, requestObject, responseObject, stop } from './fields.ts';
import * as m from './messages.ts';
import { UserSchema } from './user.ts';

/** Who keeps the documentary evidence: only the taxpayer ("self") is offered (spec section 2). */
export const DOCUMENT_HOLDERS = ['self'] as const;
export type DocumentHolder = (typeof DOCUMENT_HOLDERS)[number];

/** Largest signature accepted, as base64 characters (the pad's PNG of 800 × 300 is far smaller). */
export const MAX_SIGNATURE_BASE64 = 200_000;
/** Largest signature image accepted, in pixels (width × height), and per side. */
export const MAX_SIGNATURE_PIXELS = 2_000_000;
export const MAX_SIGNATURE_SIDE = 4_000;

const PNG_PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The first bytes of a base64 text (enough for the PNG header), or null when it is not base64. */
function leadingBytes(base64: string, count: number): number[] | null {
  const chars = Math.ceil(count / 3) * 4;
  try {
    const binary = atob(base64.slice(0, chars));
    return Array.from(binary.slice(0, count), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Whether `dataUrl` is what the signature pad emits: a PNG data URL of bounded size whose bytes
 * start with the PNG signature and an IHDR chunk of sane dimensions (security checklist F7:
 * size cap, magic bytes, pixel cap).
 */
export function isSignatureImage(dataUrl: string): boolean {
  if (!dataUrl.startsWith(PNG_PREFIX)) return false;
  const base64 = dataUrl.slice(PNG_PREFIX.length);
  if (base64.length === 0 || base64.length > MAX_SIGNATURE_BASE64 || base64.length % 4 !== 0) return false;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return false;
  const bytes = leadingBytes(base64, 24);
  if (!bytes || bytes.length < 24) return false;
  if (PNG_MAGIC.some((b, i) => bytes[i] !== b)) return false;
  if (String.fromCharCode(...bytes.slice(12, 16)) !== 'IHDR') return false;
  const readUint32 = (at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
  const width = readUint32(16);
  const height = readUint32(20);
  return width > 0 && height > 0 && width <= MAX_SIGNATURE_SIDE && height <= MAX_SIGNATURE_SIDE && width * height <= MAX_SIGNATURE_PIXELS;
}

export const signatureField = v.pipe(
  v.string(m.SIGNATURE_REQUIRED),
  v.nonEmpty(m.SIGNATURE_REQUIRED),
  stop<string>(),
  v.check(isSignatureImage, m.SIGNATURE_INVALID),
);

/** A date or date-time in any accepted form (evidence only; the server keeps its own time). */
const optionalDateText = v.optional(
  v.pipe(
    v.string(m.DATE_INVALID),
    v.maxLength(40, m.DATE_INVALID),
    v.check((text) => parseDate(text) !== null, m.DATE_INVALID),
  ),
);

/** An agent value echoed by the client; compared with the configured one by the server. */
const agentEcho = v.optional(v.pipe(v.string(m.AGENT_DETAILS_CHANGED), v.maxLength(300, m.AGENT_DETAILS_CHANGED)));

/** form_data of the declaration; `today` judges the date of birth (YYYY-MM-DD, at least 16). */
export function payeFormDataSchema(today: Dayjs) {
  return requestObject({
    firstName: nameField,
    lastName: nameField,
    // The profile's masked PPSN means the stored one (the server checks the mask matches).
    ppsn: ppsnOrMaskedField,
    dateOfBirth: apiDateOfBirthField(today),
    emailAddress: emailField,
    documentHolder: v.picklist(DOCUMENT_HOLDERS, m.DOCUMENT_HOLDER_INVALID),
    clientSignature: signatureField,
    clientSignatureDate: optionalDateText,
    taxAgencyName: agentEcho,
    tain: agentEcho,
    agentAddress: agentEcho,
    agentSignature: agentEcho,
    agentSignatureDate: optionalDateText,
  });
}

export function payeAuthorisationRequestSchema(today: Dayjs) {
  return requestObject({
    authorized: v.literal(true, m.AUTHORIZED_REQUIRED),
    /** The client's time of signing (ISO); evidence only. */
    authorized_at: v.pipe(
      v.string(m.REQUIRED),
      v.nonEmpty(m.REQUIRED),
      stop<string>(),
      v.maxLength(40, m.DATE_INVALID),
      v.check((text) => parseDate(text) !== null, m.DATE_INVALID),
    ),
    form_data: payeFormDataSchema(today),
  });
}
export type PayeAuthorisationRequest = v.InferOutput<ReturnType<typeof payeAuthorisationRequestSchema>>;
export type PayeFormData = v.InferInput<ReturnType<typeof payeFormDataSchema>>;

/** The fixed agent details the declaration shows (server configuration). */
export const AgentDetailsSchema = responseObject({
  taxAgencyName: v.string(),
  tain: v.string(),
  agentAddress: v.string(),
  /** Who signs for the agent. */
  agentSignature: v.string(),
});
export type AgentDetails = v.InferOutput<typeof AgentDetailsSchema>;

/** The authorisation in force, as the user may see it (never the PPSN or the signature). */
export const AuthorisationSummarySchema = responseObject({
  authorized_at: v.string(),
  lapses_at: v.string(),
  document_holder: v.picklist(DOCUMENT_HOLDERS),
});
export type AuthorisationSummary = v.InferOutput<typeof AuthorisationSummarySchema>;

/**
 * Two-step sign-in as it bears on signing: `enabled` for the account, and `session_verified` when
 * this session gave a code (signed in with one, or turned it on). With it on and this session
 * unverified, POST /paye-authorization answers 403 `two_factor_required`.
 */
export const PayeTwoFactorSchema = responseObject({
  enabled: v.boolean(),
  session_verified: v.boolean(),
});
export type PayeTwoFactor = v.InferOutput<typeof PayeTwoFactorSchema>;

/** GET /paye-authorization. */
export const PayeAuthorisationStatusSchema = responseObject({
  agent: AgentDetailsSchema,
  authorization: v.nullable(AuthorisationSummarySchema),
  two_factor: PayeTwoFactorSchema,
});
export type PayeAuthorisationStatus = v.InferOutput<typeof PayeAuthorisationStatusSchema>;

/** POST /paye-authorization: the authorisation now in force, and the profile as it now stands (the session takes it). */
export const PayeAuthorisationAnswerSchema = responseObject({
  authorized: v.literal(true),
  authorization: AuthorisationSummarySchema,
  user: UserSchema,
});
export type PayeAuthorisationAnswer = v.InferOutput<typeof PayeAuthorisationAnswerSchema>;

/**
 * The declaration form as typed on /auth/paye-authorization (date of birth DD.MM.YYYY); the
 * screen checks it before Authorize sends anything, with the spec's messages.
 */
export function payeFormSchema(today: Dayjs) {
  return v.object({
    firstName: nameField,
    lastName: nameField,
    // The profile's masked PPSN means the stored one (the server checks the mask matches).
    ppsn: ppsnOrMaskedField,
    dateOfBirth: dateOfBirthField(today),
    emailAddress: emailField,
    documentHolder: v.picklist(DOCUMENT_HOLDERS, m.DOCUMENT_HOLDER_INVALID),
    clientSignature: signatureField,
  });
}

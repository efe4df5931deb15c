import * as v from 'valibot';
import { BulkRefundAnswerSchema, RefundAnswerSchema, RefundCalculationRequestSchema } from '../../domain/schemas/refundCalculation.ts';
import { type ApiDescription, JSON_BODY_ERRORS, SIGNED_IN_ERRORS } from '../http/openapi.ts';

/** routes/tax.ts */
export const taxApi: ApiDescription = {
  'POST /tax/refund-calculate': {
    summary: "A refund estimate for the user's own profile: one category, or a year's claim worked out as one computation",
    signedIn: true,
    body: RefundCalculationRequestSchema,
    responses: {
      200: { description: 'One explained estimate, a claim of that one item (`{ year, category, data }`), or the claim as a whole (`{ year, items }`): `{ amounts, total, results, claim }`, the amounts adding up to the total.', schema: v.union([RefundAnswerSchema, BulkRefundAnswerSchema]) },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
    },
  },
};

import * as v from 'valibot';

/** GET /app-info: what the app shows of the deployment's configuration, before anyone signs in. */
export const AppInfoSchema = v.object({
  /** A test deployment (no real money, development agent): the app shows a "test mode" ribbon. */
  test_mode: v.boolean(),
  /** The creditor named on the direct debit mandate the user accepts. */
  direct_debit_creditor: v.string(),
});
export type AppInfo = v.InferOutput<typeof AppInfoSchema>;

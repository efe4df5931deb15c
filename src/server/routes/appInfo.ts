import { factory } from '../appEnv.ts';
import type { Services } from '../services/index.ts';

/** GET /app-info (public): the deployment's names the app shows, and whether it is a test one. */
export function appInfoRoutes({ appInfo }: Services) {
  return factory.createApp().get('/app-info', (c) => c.json({ test_mode: appInfo.testMode, direct_debit_creditor: appInfo.directDebitCreditor }, 200));
}

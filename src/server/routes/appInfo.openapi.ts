import { AppInfoSchema } from '../../domain/schemas/appInfo.ts';
import type { ApiDescription } from '../http/openapi.ts';

/** routes/appInfo.ts */
export const appInfoApi: ApiDescription = {
  'GET /app-info': {
    summary: 'What the app shows of this deployment: test mode, the direct debit creditor',
    description: 'Public. `test_mode` is true unless the server runs with NODE_ENV=production.',
    responses: { 200: { description: 'The deployment’s names.', schema: AppInfoSchema } },
  },
};

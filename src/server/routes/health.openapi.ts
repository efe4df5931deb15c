import * as v from 'valibot';
import type { ApiDescription } from '../http/openapi.ts';

export const HealthAnswerSchema = v.object({ status: v.picklist(['ok', 'unavailable']) });
export const ReadyAnswerSchema = v.object({ status: v.picklist(['ready', 'stopping', 'unavailable']) });

/** routes/health.ts */
export const healthApi: ApiDescription = {
  'GET /health': {
    summary: 'Liveness: the process answers and its database does',
    responses: { 200: { description: 'Alive.', schema: HealthAnswerSchema }, 503: { description: 'The database does not answer.', schema: HealthAnswerSchema } },
  },
  'GET /ready': {
    summary: 'Readiness: whether a proxy or orchestrator should send this instance requests',
    description: 'Answers 503 from SIGTERM on, while the instance finishes what is in flight, and while the database does not answer.',
    responses: { 200: { description: 'Ready.', schema: ReadyAnswerSchema }, 503: { description: 'Stopping, or the database does not answer.', schema: ReadyAnswerSchema } },
  },
};

import type { Db } from '../db/index.ts';
import { auditLog } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/** What the audit log records; never a value, only that it was accessed. */
/** `ppsn.exported`: the data download, which carries the PPSN in clear. */
export type AuditAction = 'ppsn.revealed' | 'ppsn.exported';

/**
 * Access to sensitive data (checklist G6): who, when, what, and the request id that finds the
 * request's log lines. The data itself is never copied here.
 */
export function createAuditService(deps: { db: Db; clock: Clock }) {
  return {
    async record(userId: string, action: AuditAction, requestId: string): Promise<void> {
      await deps.db.insert(auditLog).values({ userId, action, requestId, at: deps.clock.now() });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

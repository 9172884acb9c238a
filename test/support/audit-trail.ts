/** The audit trail a log holds, oldest first, each event as `action target by actor`. */
import type { AuditLog } from '../../src/application/shared/ports/audit-log.js';

export async function auditTrail(log: AuditLog): Promise<string[]> {
  return (await log.list({ limit: 100 })).map((e) => `${e.action} ${e.target} by ${e.actor}`).reverse();
}

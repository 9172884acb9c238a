/** Port: the append-only record of changes to keys and credentials. Nothing changes or deletes an event. */
import type { AuditEvent } from '../../domain/audit-event.js';

export interface AuditLog {
  append(event: AuditEvent): Promise<void>;
  /** Newest first: events whose id sorts before `beforeId` (all when absent), at most `limit`. */
  list(query: { readonly beforeId?: string; readonly limit: number }): Promise<AuditEvent[]>;
}

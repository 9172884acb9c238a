/** Port: the append-only record of changes to keys and credentials. Nothing changes or deletes an event. */
import type { AuditEvent, AuditQuery } from '../../../domain/shared/audit-event.js';

export interface AuditLog {
  append(event: AuditEvent): Promise<void>;
  /** Newest first: the events matching the query (matchesAuditQuery), at most `limit`. */
  list(query: AuditQuery): Promise<AuditEvent[]>;
}

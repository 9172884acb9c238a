/** In-memory audit log: an array only ever appended to. Kept for the life of the process. */
import { matchesAuditQuery, type AuditEvent, type AuditQuery } from '../../../domain/shared/audit-event.js';
import type { AuditLog } from '../../../application/shared/ports/audit-log.js';

export class MemoryAuditLog implements AuditLog {
  private readonly events: AuditEvent[] = [];

  async append(event: AuditEvent): Promise<void> {
    this.events.push(event);
  }

  async list(query: AuditQuery): Promise<AuditEvent[]> {
    return this.events
      .filter((event) => matchesAuditQuery(event, query))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, query.limit);
  }
}

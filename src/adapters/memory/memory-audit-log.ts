/** In-memory audit log: an array only ever appended to. Kept for the life of the process. */
import type { AuditEvent } from '../../domain/audit-event.js';
import type { AuditLog } from '../../application/ports/audit-log.js';

export class MemoryAuditLog implements AuditLog {
  private readonly events: AuditEvent[] = [];

  async append(event: AuditEvent): Promise<void> {
    this.events.push(event);
  }

  async list(query: { readonly beforeId?: string; readonly limit: number }): Promise<AuditEvent[]> {
    const { beforeId } = query;
    return this.events
      .filter((event) => beforeId === undefined || event.id < beforeId)
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, query.limit);
  }
}

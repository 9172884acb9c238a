/**
 * In-memory audit log: an array appended to, for the life of the process, up to `maxEvents`
 * (MEMORY_MAX_AUDIT_EVENTS); on reaching it the oldest tenth goes.
 */
import { matchesAuditQuery, type AuditEvent, type AuditQuery } from '../../../domain/shared/audit-event.js';
import type { AuditLog } from '../../../application/shared/ports/audit-log.js';
import { overBound } from './memory-kit.js';

export class MemoryAuditLog implements AuditLog {
  private readonly events: AuditEvent[] = [];

  constructor(private readonly maxEvents = Number.POSITIVE_INFINITY) {}

  async append(event: AuditEvent): Promise<void> {
    this.events.push(event);
    const over = overBound(this.events.length, this.maxEvents);
    if (over > 0) this.events.splice(0, over);
  }

  async list(query: AuditQuery): Promise<AuditEvent[]> {
    return this.events
      .filter((event) => matchesAuditQuery(event, query))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, query.limit);
  }
}

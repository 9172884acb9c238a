/** The audit log in MongoDB: one document per event, _id the time-ordered event id; only inserted, never changed. */
import type { Collection, Db } from 'mongodb';
import type { AuditAction, AuditEvent } from '../../domain/audit-event.js';
import type { AuditLog } from '../../application/ports/audit-log.js';
import { guarded } from './mongo-errors.js';

interface AuditDocument {
  _id: string;
  at: Date;
  actor: string | null;
  action: AuditAction;
  target: string | null;
  requestId: string | null;
  ip: string | null;
}

export class MongoAuditLog implements AuditLog {
  private readonly events: Collection<AuditDocument>;

  constructor(
    db: Db,
    private readonly timeoutMs: number,
  ) {
    this.events = db.collection<AuditDocument>('audit_events');
  }

  append(event: AuditEvent): Promise<void> {
    const { id, ...rest } = event;
    return guarded(this.timeoutMs, async () => {
      await this.events.insertOne({ _id: id, ...rest });
    });
  }

  list(query: { readonly beforeId?: string; readonly limit: number }): Promise<AuditEvent[]> {
    const filter = query.beforeId === undefined ? {} : { _id: { $lt: query.beforeId } };
    return guarded(this.timeoutMs, async () =>
      (await this.events.find(filter).sort({ _id: -1 }).limit(query.limit).toArray()).map(({ _id, ...rest }) => ({ id: _id, ...rest })),
    );
  }
}

/** The audit log in MongoDB: one document per event, _id the time-ordered event id; only inserted, never changed. */
import type { Collection, Db, Filter } from 'mongodb';
import type { AuditAction, AuditChanges, AuditEvent, AuditQuery } from '../../../domain/shared/audit-event.js';
import type { AuditLog } from '../../../application/shared/ports/audit-log.js';
import { MongoStore } from './mongo-kit.js';

interface AuditDocument {
  _id: string;
  at: Date;
  actor: string | null;
  action: AuditAction;
  target: string | null;
  requestId: string | null;
  ip: string | null;
  actorName?: string;
  reason?: string;
  changes?: AuditChanges;
}

export class MongoAuditLog extends MongoStore implements AuditLog {
  private readonly events: Collection<AuditDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.events = db.collection<AuditDocument>('audit_events');
  }

  /** The filters operators use most, each read newest first. */
  static async ensureIndexes(db: Db): Promise<void> {
    const events = db.collection<AuditDocument>('audit_events');
    await events.createIndex({ target: 1, _id: -1 }, { name: 'target_newest' });
    await events.createIndex({ actor: 1, _id: -1 }, { name: 'actor_newest' });
  }

  append(event: AuditEvent): Promise<void> {
    const { id, ...rest } = event;
    return this.run(async () => {
      await this.events.insertOne({ _id: id, ...rest });
    });
  }

  list(query: AuditQuery): Promise<AuditEvent[]> {
    const filter: Filter<AuditDocument> = {
      ...(query.beforeId !== undefined && { _id: { $lt: query.beforeId } }),
      ...(query.target !== undefined && { target: query.target }),
      ...(query.actor !== undefined && { actor: query.actor }),
      ...(query.action !== undefined && { action: query.action }),
      ...((query.from !== undefined || query.to !== undefined) && {
        at: { ...(query.from !== undefined && { $gte: query.from }), ...(query.to !== undefined && { $lt: query.to }) },
      }),
    };
    return this.run(async () =>
      (await this.events.find(filter).sort({ _id: -1 }).limit(query.limit).toArray()).map(({ _id, ...rest }) => ({ id: _id, ...rest })),
    );
  }
}

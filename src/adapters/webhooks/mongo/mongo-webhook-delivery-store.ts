/**
 * Webhook deliveries in MongoDB: `webhook_deliveries` (_id the delivery id, which is one per event and
 * endpoint, so a repeated fan-out inserts nothing twice; a claim is a holder and a time, taken by a
 * conditional update on the version, so of instances claiming at once one wins), `webhook_fanout`
 * (one document: the feed position deliveries are made up to) and `webhook_health` (per endpoint, its
 * last delivered attempt and since when it has been failing).
 */
import type { Collection, Db, Filter } from 'mongodb';
import type { DeliveryStatus, EndpointHealth, WebhookDelivery } from '../../../domain/webhooks/webhook-delivery.js';
import type { DeliveryBacklog, DeliveryQuery, WebhookDeliveryStore } from '../../../application/webhooks/ports/webhook-delivery-store.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { MongoStore, updateAtVersion } from '../../shared/mongo/mongo-kit.js';

interface DeliveryDocument extends Omit<WebhookDelivery, 'id'> {
  _id: string;
  createdAtMs: number;
  /** Null unless pending. */
  nextAttemptAtMs: number | null;
  claimHolder: string | null;
  claimUntilMs: number;
}

interface HealthDocument {
  _id: string;
  lastSuccessAt: number | null;
  failingSinceMs: number | null;
}

interface FanOutDocument {
  _id: string;
  position: number;
}

const FAN_OUT = 'position';

export class MongoWebhookDeliveryStore extends MongoStore implements WebhookDeliveryStore {
  private readonly deliveries: Collection<DeliveryDocument>;
  private readonly fanOut: Collection<FanOutDocument>;
  private readonly health: Collection<HealthDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.deliveries = db.collection<DeliveryDocument>('webhook_deliveries');
    this.fanOut = db.collection<FanOutDocument>('webhook_fanout');
    this.health = db.collection<HealthDocument>('webhook_health');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    const deliveries = db.collection('webhook_deliveries');
    await deliveries.createIndex({ status: 1, nextAttemptAtMs: 1 }, { name: 'due' });
    await deliveries.createIndex({ endpointId: 1, _id: -1 }, { name: 'endpoint_newest' });
    await deliveries.createIndex({ createdAtMs: 1 }, { name: 'created' });
  }

  async add(deliveries: readonly WebhookDelivery[]): Promise<void> {
    // One at a time, each in its own budget: a delivery already there (a repeated fan-out) is skipped,
    // the rest still go in.
    for (const delivery of deliveries) {
      await this.run(async () => {
        try {
          await this.deliveries.insertOne(toDocument(delivery));
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      });
    }
  }

  findById(id: string): Promise<WebhookDelivery | null> {
    return this.run(async () => {
      const document = await this.deliveries.findOne({ _id: id });
      return document === null ? null : toDelivery(document);
    });
  }

  claimDue(holder: string, nowMs: number, untilMs: number, limit: number): Promise<WebhookDelivery[]> {
    return this.run(async () => {
      const due: Filter<DeliveryDocument> = { status: 'pending', nextAttemptAtMs: { $lte: nowMs }, claimUntilMs: { $lte: nowMs } };
      const candidates = await this.deliveries.find(due).sort({ nextAttemptAtMs: 1, _id: 1 }).limit(limit).toArray();
      const claimed: WebhookDelivery[] = [];
      for (const document of candidates) {
        const won = await this.deliveries.updateOne(
          { _id: document._id, version: document.version, claimUntilMs: { $lte: nowMs } },
          { $set: { claimHolder: holder, claimUntilMs: untilMs }, $inc: { version: 1 } },
        );
        if (won.modifiedCount === 1) claimed.push(toDelivery({ ...document, version: document.version + 1 }));
      }
      return claimed;
    });
  }

  update(delivery: WebhookDelivery, expectedVersion: number): Promise<boolean> {
    return this.run(async () => {
      const { _id, ...fields } = toDocument(delivery);
      return updateAtVersion(this.deliveries, _id, expectedVersion, { $set: fields });
    });
  }

  list(query: DeliveryQuery): Promise<WebhookDelivery[]> {
    return this.run(async () =>
      (
        await this.deliveries
          .find({
            endpointId: query.endpointId,
            ...(query.status !== undefined && { status: query.status }),
            ...(query.beforeId !== undefined && { _id: { $lt: query.beforeId } }),
          })
          .sort({ _id: -1 })
          .limit(query.limit)
          .toArray()
      ).map(toDelivery),
    );
  }

  findSince(endpointId: string, statuses: readonly DeliveryStatus[], sinceMs: number, limit: number): Promise<WebhookDelivery[]> {
    return this.run(async () =>
      (
        await this.deliveries
          .find({ endpointId, status: { $in: [...statuses] }, createdAtMs: { $gte: sinceMs } })
          .sort({ _id: 1 })
          .limit(limit)
          .toArray()
      ).map(toDelivery),
    );
  }

  prune(beforeMs: number): Promise<number> {
    return this.run(async () => (await this.deliveries.deleteMany({ createdAtMs: { $lt: beforeMs } })).deletedCount);
  }

  backlog(nowMs: number): Promise<DeliveryBacklog> {
    return this.run(async () => {
      const due: Filter<DeliveryDocument> = { status: 'pending', nextAttemptAtMs: { $lte: nowMs } };
      const [count, oldest] = await Promise.all([
        this.deliveries.countDocuments(due),
        this.deliveries
          .find(due, { projection: { nextAttemptAt: 1 } })
          .sort({ nextAttemptAtMs: 1 })
          .limit(1)
          .toArray(),
      ]);
      return { due: count, oldestDueAt: oldest[0]?.nextAttemptAt ?? null };
    });
  }

  recordOutcome(endpointId: string, delivered: boolean, atMs: number): Promise<EndpointHealth> {
    return this.run(async () => {
      if (delivered) {
        await this.health.updateOne({ _id: endpointId }, { $set: { lastSuccessAt: atMs, failingSinceMs: null } }, { upsert: true });
      } else {
        // Starts the failing time only where none runs: a first failure, or the first since a delivery.
        try {
          await this.health.updateOne(
            { _id: endpointId, failingSinceMs: null },
            { $set: { failingSinceMs: atMs }, $setOnInsert: { lastSuccessAt: null } },
            { upsert: true },
          );
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      const document = await this.health.findOne({ _id: endpointId });
      return { lastSuccessAt: document?.lastSuccessAt ?? null, failingSinceMs: document?.failingSinceMs ?? null };
    });
  }

  fanOutPosition(): Promise<number> {
    return this.run(async () => (await this.fanOut.findOne({ _id: FAN_OUT }))?.position ?? 0);
  }

  advanceFanOut(from: number, to: number): Promise<boolean> {
    return this.run(async () => {
      if (from === 0) {
        // The first move: whoever inserts the document first made it.
        try {
          await this.fanOut.insertOne({ _id: FAN_OUT, position: to });
          return true;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      return (await this.fanOut.updateOne({ _id: FAN_OUT, position: from }, { $set: { position: to } })).matchedCount === 1;
    });
  }
}

function toDocument(delivery: WebhookDelivery): DeliveryDocument {
  const { id, ...fields } = delivery;
  return {
    _id: id,
    ...fields,
    attempts: [...delivery.attempts],
    createdAtMs: Date.parse(delivery.createdAt),
    nextAttemptAtMs: delivery.nextAttemptAt === null ? null : Date.parse(delivery.nextAttemptAt),
    // Written only by a claim; any other write releases it.
    claimHolder: null,
    claimUntilMs: 0,
  };
}

function toDelivery(document: DeliveryDocument): WebhookDelivery {
  return {
    id: document._id,
    endpointId: document.endpointId,
    ownerId: document.ownerId,
    eventId: document.eventId,
    eventType: document.eventType,
    body: document.body,
    status: document.status,
    attempts: document.attempts,
    nextAttemptAt: document.nextAttemptAt,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
    version: document.version,
  };
}

/**
 * Adoption requests in MongoDB: one document per request, _id the time-ordered request id. A unique
 * index on the request key (API key and Idempotency-Key, or the id itself when none was sent) makes a
 * retried placement meet the first one in one atomic insert; changes are conditional on the version.
 */
import { Long, type Collection, type Db } from 'mongodb';
import type { CancelReason, AdoptionRequest, AdoptionRequestStatus } from '../../../domain/adoption/adoption-request.js';
import type { PetId } from '../../../domain/adoption/pet.js';
import type {
  AdoptionRequestListQuery,
  AdoptionRequestRepository,
} from '../../../application/adoption/ports/adoption-request-repository.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { READ_INT64 as READ, toSafeNumber } from './mongo-values.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import { changeWithEvents, ensureOutboxIndex, MongoOutbox, MongoOutboxStore, withEvents, type OutboxFields } from './mongo-outbox.js';
import { updateAtVersion } from '../../shared/mongo/mongo-kit.js';

interface AdoptionRequestDocument extends OutboxFields {
  _id: string;
  petId: Long | bigint;
  status: AdoptionRequestStatus;
  applicantName: string;
  note: string | null;
  cancelReason: CancelReason | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  placedBy: string;
  petOwnerId: string | null;
  /** Unique: the API key and Idempotency-Key, or `id:<_id>` for a request placed without one. */
  requestKey: string;
  requestFingerprint: string;
}

const COLLECTION = 'orders';
const NO_KEY = 'id:';

export class MongoAdoptionRequestRepository extends MongoOutboxStore<AdoptionRequestDocument> implements AdoptionRequestRepository {
  private readonly orders: Collection<AdoptionRequestDocument>;
  protected readonly outbox: MongoOutbox<AdoptionRequestDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.orders = db.collection<AdoptionRequestDocument>(COLLECTION);
    this.outbox = new MongoOutbox(
      this.orders,
      timeoutMs,
      (recordId) => recordId,
      (id) => id,
    );
  }

  static async ensureIndexes(db: Db): Promise<void> {
    const orders = db.collection(COLLECTION);
    await orders.createIndex({ requestKey: 1 }, { unique: true, name: 'request_key_unique' });
    await orders.createIndex({ petId: 1, status: 1 }, { name: 'pet_status' });
    await orders.createIndex({ placedBy: 1, _id: 1 }, { name: 'placed_by_id' });
    await orders.createIndex({ petOwnerId: 1, _id: 1 }, { name: 'pet_owner_id' });
    await ensureOutboxIndex(orders);
  }

  add(order: AdoptionRequest, outbox: readonly FeedEvent[]): Promise<{ order: AdoptionRequest; created: boolean }> {
    return this.run(async () => {
      try {
        await this.orders.insertOne({ ...toDocument(order), ...withEvents(outbox) });
        return { order, created: true };
      } catch (error) {
        if (!isDuplicateKey(error) || order.requestKey === null) throw error;
      }
      const earlier = await this.orders.findOne({ requestKey: order.requestKey }, READ);
      if (!earlier) throw new Error(`Adoption request with key ${order.requestKey} was reported as stored but cannot be read`);
      return { order: toAdoptionRequest(earlier), created: false };
    });
  }

  findById(id: string): Promise<AdoptionRequest | null> {
    return this.run(async () => {
      const document = await this.orders.findOne({ _id: id }, READ);
      return document ? toAdoptionRequest(document) : null;
    });
  }

  findByRequestKey(requestKey: string): Promise<AdoptionRequest | null> {
    return this.run(async () => {
      const document = await this.orders.findOne({ requestKey }, READ);
      return document ? toAdoptionRequest(document) : null;
    });
  }

  list(query: AdoptionRequestListQuery): Promise<AdoptionRequest[]> {
    return this.run(async () => {
      const filter = {
        $or: [{ placedBy: query.visibleTo }, { petOwnerId: query.visibleTo }],
        ...(query.status !== undefined && { status: query.status }),
        ...(query.petId !== undefined && { petId: Long.fromNumber(query.petId) }),
        ...(query.afterId !== undefined && { _id: { $gt: query.afterId } }),
      };
      const documents = await this.orders.find(filter, READ).sort({ _id: 1 }).limit(query.limit).toArray();
      return documents.map(toAdoptionRequest);
    });
  }

  update(order: AdoptionRequest, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean> {
    return this.run(async () => {
      // The request key is set once, at the insert.
      const { _id, ...fields } = toDocument(order);
      const { requestKey, ...changed } = fields;
      void requestKey;
      return updateAtVersion(this.orders, _id, expectedVersion, changeWithEvents(changed, outbox));
    });
  }

  listPlaced(petId: PetId): Promise<AdoptionRequest[]> {
    return this.run(async () =>
      (await this.orders.find({ petId: Long.fromNumber(petId), status: 'placed' }, READ).toArray()).map(toAdoptionRequest),
    );
  }
}

function toDocument(order: AdoptionRequest): AdoptionRequestDocument {
  const { id, petId, requestKey, createdAt, updatedAt, ...rest } = order;
  return {
    _id: id,
    petId: Long.fromNumber(petId),
    requestKey: requestKey ?? `${NO_KEY}${id}`,
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
    ...rest,
  };
}

/** The request as stored, without its outbox (the events waiting to be relayed are not the request's). */
function toAdoptionRequest(document: AdoptionRequestDocument): AdoptionRequest {
  const { _id, petId, requestKey, version, createdAt, updatedAt, outbox, outboxCount, outboxAt, removed, ...rest } = document;
  return {
    ...rest,
    id: _id,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    petId: toSafeNumber(petId as bigint, 'order petId'),
    version: Number(version),
    requestKey: requestKey.startsWith(NO_KEY) ? null : requestKey,
  };
}

/**
 * Usage counts in MongoDB, shared by every instance: one document per key, granularity and bucket,
 * added to with $inc (so instances' flushes add up in any order) and removed by a TTL index once
 * past its retention; one document per key and operation called, whose first and last sightings
 * only move outwards.
 */
import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import { bucketExpiresAt, COUNT_FIELDS, emptyCounts, type Granularity, type UsageCounts } from '../../../domain/access/usage.js';
import { rollUp, type OperationCaller, type UsageEntry, type UsageStore } from '../../../application/access/ports/usage-store.js';
import { MongoStore } from '../../shared/mongo/mongo-kit.js';

interface BucketDocument {
  _id: string;
  keyId: string;
  g: Granularity;
  start: Date;
  admitted?: number;
  limited?: number;
  banned?: number;
  clientErrors?: number;
  serverErrors?: number;
  ops?: Record<string, number>;
  /** The TTL index removes the bucket after this time (within about a minute). */
  expiresAt: Date;
}

interface CallerDocument {
  _id: string;
  operation: string;
  keyId: string;
  firstSeen: Date;
  lastSeen: Date;
}

const BUCKETS = 'usage_buckets';
const CALLERS = 'usage_callers';

export class MongoUsageStore extends MongoStore implements UsageStore {
  private readonly buckets: Collection<BucketDocument>;
  private readonly callerDocs: Collection<CallerDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.buckets = db.collection<BucketDocument>(BUCKETS);
    this.callerDocs = db.collection<CallerDocument>(CALLERS);
  }

  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection(BUCKETS).createIndex({ keyId: 1, g: 1, start: 1 }, { name: 'key_granularity_start' });
    await db.collection(BUCKETS).createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expires_ttl' });
    await db.collection(CALLERS).createIndex({ operation: 1 }, { name: 'operation' });
    await db.collection(CALLERS).createIndex({ keyId: 1 }, { name: 'key' });
  }

  add(entries: readonly UsageEntry[]): Promise<void> {
    const { buckets, sightings } = rollUp(entries);
    const bucketWrites: AnyBulkWriteOperation<BucketDocument>[] = buckets.map(({ keyId, granularity, startMs, counts }) => {
      const inc: Record<string, number> = {};
      for (const field of COUNT_FIELDS) if (counts[field] > 0) inc[field] = counts[field];
      for (const [operation, n] of Object.entries(counts.byOperation)) inc[`ops.${operation}`] = n;
      return {
        updateOne: {
          filter: { _id: `${keyId}|${granularity}|${startMs}` },
          update: {
            $inc: inc,
            $setOnInsert: { keyId, g: granularity, start: new Date(startMs), expiresAt: new Date(bucketExpiresAt(startMs, granularity)) },
          },
          upsert: true,
        },
      };
    });
    // First and last sightings only move outwards: each conditional $set is atomic, so flushes from
    // several instances, in any order, leave the earliest first call and the latest last one.
    const callerWrites: AnyBulkWriteOperation<CallerDocument>[] = sightings.flatMap(({ operation, keyId, firstSeenMs, lastSeenMs }) => {
      const _id = `${operation}|${keyId}`;
      const firstSeen = new Date(firstSeenMs);
      const lastSeen = new Date(lastSeenMs);
      return [
        { updateOne: { filter: { _id }, update: { $setOnInsert: { operation, keyId, firstSeen, lastSeen } }, upsert: true } },
        { updateOne: { filter: { _id, firstSeen: { $gt: firstSeen } }, update: { $set: { firstSeen } } } },
        { updateOne: { filter: { _id, lastSeen: { $lt: lastSeen } }, update: { $set: { lastSeen } } } },
      ];
    });
    return this.run(async () => {
      await Promise.all([
        bucketWrites.length > 0 && this.buckets.bulkWrite(bucketWrites, { ordered: false }),
        callerWrites.length > 0 && this.callerDocs.bulkWrite(callerWrites, { ordered: true }),
      ]);
    });
  }

  read(keyId: string, granularity: Granularity, firstMs: number, lastMs: number): Promise<Map<number, UsageCounts>> {
    return this.run(async () => {
      const documents = await this.buckets
        .find({ keyId, g: granularity, start: { $gte: new Date(firstMs), $lte: new Date(lastMs) } })
        .toArray();
      return new Map(documents.map((document) => [document.start.getTime(), countsOf(document)]));
    });
  }

  callers(operation: string): Promise<OperationCaller[]> {
    return this.run(async () =>
      (await this.callerDocs.find({ operation }).toArray()).map((document) => ({
        keyId: document.keyId,
        firstSeenMs: document.firstSeen.getTime(),
        lastSeenMs: document.lastSeen.getTime(),
      })),
    );
  }

  lastSeen(keyIds: readonly string[]): Promise<Map<string, number>> {
    return this.run(async () => {
      const found = new Map<string, number>();
      for (const document of await this.callerDocs.find({ keyId: { $in: [...keyIds] } }).toArray()) {
        found.set(document.keyId, Math.max(found.get(document.keyId) ?? 0, document.lastSeen.getTime()));
      }
      return found;
    });
  }
}

function countsOf(document: BucketDocument): UsageCounts {
  const counts = emptyCounts();
  for (const field of COUNT_FIELDS) counts[field] = document[field] ?? 0;
  counts.byOperation = { ...document.ops };
  return counts;
}

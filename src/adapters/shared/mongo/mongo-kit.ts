/**
 * What every MongoDB store shares, as memory-kit.ts is for memory: each call bounded by
 * MONGODB_TIMEOUT_MS once (run), the version-checked update every conditional write makes, and the
 * database's ping.
 */
import type { Collection, Db, Document, Filter, UpdateFilter } from 'mongodb';
import { guarded } from './mongo-errors.js';

export abstract class MongoStore {
  /** `timeoutMs` bounds each call, whatever it does inside (several stages, retries). */
  protected constructor(protected readonly timeoutMs: number) {}

  /** One unit of work within the timeout; an unreachable or failing-over database answers 503. */
  protected run<T>(work: () => Promise<T>): Promise<T> {
    return guarded(this.timeoutMs, work);
  }

  /** The database answers: for readiness. */
  protected pingDb(db: Db): Promise<void> {
    return this.run(async () => {
      await db.command({ ping: 1 });
    });
  }
}

/**
 * Applies `update` to the document `_id` only while it is still at `expectedVersion` (and matches
 * `also`): true when it was, false when a concurrent write landed first. Call it inside `run`.
 */
export async function updateAtVersion<D extends Document>(
  collection: Collection<D>,
  _id: unknown,
  expectedVersion: number,
  update: UpdateFilter<D> | Document,
  also: Document = {},
): Promise<boolean> {
  const filter = { _id, version: expectedVersion, ...also } as Filter<D>;
  return (await collection.updateOne(filter, update)).matchedCount === 1;
}

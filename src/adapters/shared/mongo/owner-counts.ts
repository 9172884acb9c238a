/**
 * How many of a kind of record each owner has, one document per owner, raised only while below the
 * owner's maximum: concurrent creates on any number of instances never pass it. A store takes a
 * slot before it inserts (and gives it back if the insert fails) and gives one back on each removal.
 */
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from './mongo-errors.js';

interface OwnerCountDocument {
  _id: string;
  count: number;
}

export class OwnerCounts {
  private readonly owners: Collection<OwnerCountDocument>;

  /** `collection`: where the counts of this kind of record are kept (webhook_owners, saved_search_owners). */
  constructor(db: Db, collection: string) {
    this.owners = db.collection<OwnerCountDocument>(collection);
  }

  /** One more of the owner's slots, if it has fewer than `max` taken. */
  async take(ownerId: string, max: number): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if ((await this.owners.updateOne({ _id: ownerId, count: { $lt: max } }, { $inc: { count: 1 } })).matchedCount === 1) return true;
      try {
        await this.owners.insertOne({ _id: ownerId, count: 1 });
        return true;
      } catch (error) {
        // The owner's count exists: it is at the maximum, or another create made it just now (try it again).
        if (!isDuplicateKey(error)) throw error;
      }
    }
    return false;
  }

  /** One of the owner's slots given back (its record removed, or its insert failed). */
  async give(ownerId: string): Promise<void> {
    await this.owners.updateOne({ _id: ownerId }, { $inc: { count: -1 } });
  }
}

/**
 * Publishing destinations in MongoDB: `publishing_destinations` (_id the destination id, the password
 * sealed with the SecretBox) and `publishing_owners` (one count per owner, raised only while below the
 * owner's maximum, so concurrent creates on any number of instances never pass it).
 */
import type { Collection, Db } from 'mongodb';
import type { Destination } from '../../../domain/publishing/destination.js';
import type { DestinationStore } from '../../../application/publishing/ports/destination-store.js';
import type { SecretBox } from '../../shared/mongo/secret-box.js';
import { MongoStore, updateAtVersion } from '../../shared/mongo/mongo-kit.js';
import { OwnerCounts } from '../../shared/mongo/owner-counts.js';

interface DestinationDocument extends Omit<Destination, 'id' | 'password'> {
  _id: string;
  sealedPassword: string;
}

export class MongoDestinationStore extends MongoStore implements DestinationStore {
  private readonly destinations: Collection<DestinationDocument>;
  private readonly owners: OwnerCounts;

  constructor(
    db: Db,
    timeoutMs: number,
    private readonly box: SecretBox,
  ) {
    super(timeoutMs);
    this.destinations = db.collection<DestinationDocument>('publishing_destinations');
    this.owners = new OwnerCounts(db, 'publishing_owners');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection('publishing_destinations').createIndex({ ownerId: 1, _id: 1 }, { name: 'owner_id' });
  }

  add(destination: Destination, maxPerOwner: number): Promise<boolean> {
    return this.run(async () => {
      if (!(await this.owners.take(destination.ownerId, maxPerOwner))) return false;
      try {
        await this.destinations.insertOne(this.toDocument(destination));
      } catch (error) {
        await this.owners.give(destination.ownerId);
        throw error;
      }
      return true;
    });
  }

  findById(id: string): Promise<Destination | null> {
    return this.run(async () => {
      const document = await this.destinations.findOne({ _id: id });
      return document === null ? null : this.toDestination(document);
    });
  }

  listByOwner(ownerId: string, afterId: string | undefined, limit: number): Promise<Destination[]> {
    return this.run(async () =>
      (
        await this.destinations
          .find({ ownerId, ...(afterId !== undefined && { _id: { $gt: afterId } }) })
          .sort({ _id: 1 })
          .limit(limit)
          .toArray()
      ).map((document) => this.toDestination(document)),
    );
  }

  update(destination: Destination, expectedVersion: number): Promise<boolean> {
    return this.run(async () => {
      const { _id, ...fields } = this.toDocument(destination);
      return updateAtVersion(this.destinations, _id, expectedVersion, { $set: fields });
    });
  }

  remove(id: string, expectedVersion: number): Promise<boolean> {
    return this.run(async () => {
      // A destination's owner never changes: read it, then delete at the version.
      const found = await this.destinations.findOne({ _id: id, version: expectedVersion }, { projection: { ownerId: 1 } });
      if (found === null || (await this.destinations.deleteOne({ _id: id, version: expectedVersion })).deletedCount !== 1) return false;
      await this.owners.give(found.ownerId);
      return true;
    });
  }

  private toDocument(destination: Destination): DestinationDocument {
    const { id, password, ...rest } = destination;
    return { _id: id, ...rest, sealedPassword: this.box.seal(password) };
  }

  private toDestination(document: DestinationDocument): Destination {
    const { _id, sealedPassword, ...rest } = document;
    return { id: _id, ...rest, password: this.box.open(sealedPassword) };
  }
}

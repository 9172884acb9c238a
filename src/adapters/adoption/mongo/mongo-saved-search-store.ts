/**
 * Saved searches in MongoDB: `saved_searches`, _id the search's id; found by owner, and by any of their
 * terms (a multikey index); `saved_search_owners` counts each owner's (its plan's limit never passed).
 */
import type { Collection, Db } from 'mongodb';
import type { SavedSearchStore } from '../../../application/adoption/ports/saved-search-store.js';
import type { SavedSearch } from '../../../domain/adoption/saved-search.js';
import { MongoStore, updateAtVersion } from '../../shared/mongo/mongo-kit.js';
import { OwnerCounts } from '../../shared/mongo/owner-counts.js';

export interface SavedSearchDocument extends Omit<SavedSearch, 'id' | 'createdAt' | 'updatedAt' | 'expiresAt' | 'terms'> {
  _id: string;
  terms: string[];
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

export class MongoSavedSearchStore extends MongoStore implements SavedSearchStore {
  private readonly searches: Collection<SavedSearchDocument>;
  private readonly owners: OwnerCounts;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.searches = db.collection<SavedSearchDocument>('saved_searches');
    this.owners = new OwnerCounts(db, 'saved_search_owners');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection('saved_searches').createIndexes([
      // One entry per term of each search: a change of an animal reads the searches of its terms only.
      { key: { terms: 1 }, name: 'terms' },
      { key: { ownerId: 1, _id: 1 }, name: 'owner_id' },
    ]);
  }

  create(search: SavedSearch, maxPerOwner: number): Promise<boolean> {
    return this.run(async () => {
      if (!(await this.owners.take(search.ownerId, maxPerOwner))) return false;
      try {
        await this.searches.insertOne(toDocument(search));
      } catch (error) {
        await this.owners.give(search.ownerId);
        throw error;
      }
      return true;
    });
  }

  findById(id: string): Promise<SavedSearch | null> {
    return this.run(async () => {
      const document = await this.searches.findOne({ _id: id });
      return document === null ? null : toSavedSearch(document);
    });
  }

  listByOwner(ownerId: string, afterId: string | null, limit: number): Promise<SavedSearch[]> {
    const query = { ownerId, ...(afterId !== null && { _id: { $gt: afterId } }) };
    return this.run(async () => (await this.searches.find(query).sort({ _id: 1 }).limit(limit).toArray()).map(toSavedSearch));
  }

  update(search: SavedSearch, expectedVersion: number): Promise<boolean> {
    return this.run(async () => {
      const { _id, ...fields } = toDocument(search);
      return updateAtVersion(this.searches, _id, expectedVersion, { $set: fields });
    });
  }

  remove(id: string, expectedVersion: number): Promise<boolean> {
    return this.run(async () => {
      // A search's owner never changes: read it, then delete at the version.
      const found = await this.searches.findOne({ _id: id, version: expectedVersion }, { projection: { ownerId: 1 } });
      if (found === null || (await this.searches.deleteOne({ _id: id, version: expectedVersion })).deletedCount !== 1) return false;
      await this.owners.give(found.ownerId);
      return true;
    });
  }

  withAnyTerm(terms: readonly string[]): Promise<SavedSearch[]> {
    return this.run(async () =>
      (
        await this.searches
          .find({ terms: { $in: [...terms] } })
          .sort({ _id: 1 })
          .toArray()
      ).map(toSavedSearch),
    );
  }
}

/** A saved search as this store keeps it (a bench writes many at once with it). */
export function toDocument(search: SavedSearch): SavedSearchDocument {
  const { id, createdAt, updatedAt, expiresAt, terms, ...rest } = search;
  return {
    _id: id,
    ...rest,
    terms: [...terms],
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
    expiresAt: new Date(expiresAt),
  };
}

function toSavedSearch(document: SavedSearchDocument): SavedSearch {
  const { _id, createdAt, updatedAt, expiresAt, ...rest } = document;
  return { id: _id, ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString(), expiresAt: expiresAt.toISOString() };
}

/** Saved searches in MongoDB: `saved_searches`, _id the search's id; found by owner, and by any of their terms (a multikey index). */
import type { Collection, Db } from 'mongodb';
import type { SavedSearchStore } from '../../../application/adoption/ports/saved-search-store.js';
import type { SavedSearch } from '../../../domain/adoption/saved-search.js';
import { MongoStore, updateAtVersion } from '../../shared/mongo/mongo-kit.js';

interface SavedSearchDocument extends Omit<SavedSearch, 'id' | 'createdAt' | 'updatedAt' | 'terms'> {
  _id: string;
  terms: string[];
  createdAt: Date;
  updatedAt: Date;
}

export class MongoSavedSearchStore extends MongoStore implements SavedSearchStore {
  private readonly searches: Collection<SavedSearchDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.searches = db.collection<SavedSearchDocument>('saved_searches');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection('saved_searches').createIndexes([
      // One entry per term of each search: a change of an animal reads the searches of its terms only.
      { key: { terms: 1 }, name: 'terms' },
      { key: { ownerId: 1, _id: 1 }, name: 'owner_id' },
    ]);
  }

  create(search: SavedSearch): Promise<void> {
    return this.run(async () => {
      await this.searches.insertOne(toDocument(search));
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
    return this.run(async () => (await this.searches.deleteOne({ _id: id, version: expectedVersion })).deletedCount === 1);
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

function toDocument(search: SavedSearch): SavedSearchDocument {
  const { id, createdAt, updatedAt, terms, ...rest } = search;
  return { _id: id, ...rest, terms: [...terms], createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) };
}

function toSavedSearch(document: SavedSearchDocument): SavedSearch {
  const { _id, createdAt, updatedAt, ...rest } = document;
  return { id: _id, ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

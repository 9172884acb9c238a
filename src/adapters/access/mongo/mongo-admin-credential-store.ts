/** Admin credentials in MongoDB: _id is the credential id; the SHA-256 hash has a unique index. */
import type { Collection, Db } from 'mongodb';
import type { AdminCredential, AdminScope } from '../../../domain/access/admin-credential.js';
import type { AdminCredentialChanges, AdminCredentialStore } from '../../../application/access/ports/admin-credential-store.js';
import { DuplicateKeyError } from '../../../application/shared/storage-errors.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { MongoStore } from '../../shared/mongo/mongo-kit.js';

interface AdminCredentialDocument {
  _id: string;
  name: string;
  hash: string;
  scopes: AdminScope[];
  createdAt: Date;
  revokedAt: Date | null;
}

export class MongoAdminCredentialStore extends MongoStore implements AdminCredentialStore {
  private readonly credentials: Collection<AdminCredentialDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.credentials = db.collection<AdminCredentialDocument>('admin_credentials');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection('admin_credentials').createIndex({ hash: 1 }, { unique: true, name: 'hash_unique' });
  }

  add(credential: AdminCredential): Promise<void> {
    return this.run(async () => {
      const { id, scopes, ...rest } = credential;
      try {
        await this.credentials.insertOne({ _id: id, scopes: [...scopes], ...rest });
      } catch (error) {
        throw isDuplicateKey(error) ? new DuplicateKeyError() : error;
      }
    });
  }

  findByHash(hash: string): Promise<AdminCredential | null> {
    return this.run(async () => toCredential(await this.credentials.findOne({ hash })));
  }

  findById(id: string): Promise<AdminCredential | null> {
    return this.run(async () => toCredential(await this.credentials.findOne({ _id: id })));
  }

  list(): Promise<AdminCredential[]> {
    return this.run(async () =>
      (await this.credentials.find({}).sort({ createdAt: 1, _id: 1 }).toArray()).map(
        (document) => toCredential(document) as AdminCredential,
      ),
    );
  }

  update(id: string, changes: AdminCredentialChanges): Promise<AdminCredential | null> {
    const { scopes, ...rest } = changes;
    const update = { $set: { ...rest, ...(scopes && { scopes: [...scopes] }) } };
    return this.run(async () => toCredential(await this.credentials.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' })));
  }
}

function toCredential(document: AdminCredentialDocument | null): AdminCredential | null {
  if (!document) return null;
  return {
    id: document._id,
    name: document.name,
    hash: document.hash,
    scopes: document.scopes,
    createdAt: document.createdAt,
    revokedAt: document.revokedAt ?? null,
  };
}

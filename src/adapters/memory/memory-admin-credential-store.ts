/** In-memory admin credentials, indexed by id and by hash. */
import type { AdminCredential } from '../../domain/admin-credential.js';
import type { AdminCredentialChanges, AdminCredentialStore } from '../../application/ports/admin-credential-store.js';
import { DuplicateKeyError } from '../../application/ports/api-key-store.js';

export class MemoryAdminCredentialStore implements AdminCredentialStore {
  private readonly byId = new Map<string, AdminCredential>();
  private readonly byHash = new Map<string, AdminCredential>();

  async add(credential: AdminCredential): Promise<void> {
    if (this.byId.has(credential.id) || this.byHash.has(credential.hash)) throw new DuplicateKeyError();
    this.byId.set(credential.id, credential);
    this.byHash.set(credential.hash, credential);
  }

  async findByHash(hash: string): Promise<AdminCredential | null> {
    return this.byHash.get(hash) ?? null;
  }

  async findById(id: string): Promise<AdminCredential | null> {
    return this.byId.get(id) ?? null;
  }

  async list(): Promise<AdminCredential[]> {
    return [...this.byId.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  async update(id: string, changes: AdminCredentialChanges): Promise<AdminCredential | null> {
    const credential = this.byId.get(id);
    if (!credential) return null;
    const updated = { ...credential, ...changes };
    this.byId.set(id, updated);
    this.byHash.set(updated.hash, updated);
    return updated;
  }
}

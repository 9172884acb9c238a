/** In-memory admin credentials, indexed by id and by hash. */
import type { AdminCredential } from '../../../domain/access/admin-credential.js';
import type { AdminCredentialChanges, AdminCredentialStore } from '../../../application/access/ports/admin-credential-store.js';
import { HashIndexedRecords } from '../../shared/memory/memory-kit.js';

export class MemoryAdminCredentialStore implements AdminCredentialStore {
  private readonly records = new HashIndexedRecords<AdminCredential>();

  async add(credential: AdminCredential): Promise<void> {
    this.records.add(credential);
  }

  async findByHash(hash: string): Promise<AdminCredential | null> {
    return this.records.byHashOf(hash);
  }

  async findById(id: string): Promise<AdminCredential | null> {
    return this.records.byIdOf(id);
  }

  async list(): Promise<AdminCredential[]> {
    return this.records.all().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  async update(id: string, changes: AdminCredentialChanges): Promise<AdminCredential | null> {
    const credential = this.records.byIdOf(id);
    if (!credential) return null;
    const updated = { ...credential, ...changes };
    this.records.put(updated);
    return updated;
  }
}

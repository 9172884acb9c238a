/** Port: where admin credentials are kept, found by the hash of the credential. */
import type { AdminCredential, AdminScope } from '../../../domain/access/admin-credential.js';

export type AdminCredentialChanges = Partial<Pick<AdminCredential, 'revokedAt' | 'name'>> & { readonly scopes?: readonly AdminScope[] };

export interface AdminCredentialStore {
  /** Rejects with DuplicateKeyError when the id or the hash is taken. */
  add(credential: AdminCredential): Promise<void>;
  findByHash(hash: string): Promise<AdminCredential | null>;
  findById(id: string): Promise<AdminCredential | null>;
  /** All credentials, oldest first. */
  list(): Promise<AdminCredential[]>;
  /** Returns the changed credential, or null when none has that id. */
  update(id: string, changes: AdminCredentialChanges): Promise<AdminCredential | null>;
}

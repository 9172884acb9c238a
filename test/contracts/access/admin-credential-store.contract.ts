/** What every AdminCredentialStore must do; run against each adapter. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminCredentialStore } from '../../../src/application/access/ports/admin-credential-store.js';
import { DuplicateKeyError } from '../../../src/application/shared/storage-errors.js';
import { hashKey, newKeyBody } from '../../../src/application/access/services/key-secrets.js';
import { randomBase62 } from '../../../src/application/shared/ids.js';
import type { AdminCredential } from '../../../src/domain/access/admin-credential.js';

export interface AdminCredentialStoreHarness {
  fresh(): Promise<AdminCredentialStore>;
}

function aCredential(overrides: Partial<AdminCredential> = {}): AdminCredential {
  return {
    id: `adm_${randomBase62(16)}`,
    name: 'Support',
    hash: hashKey(newKeyBody()),
    scopes: ['keys:read'],
    createdAt: new Date(Date.UTC(2026, 0, 1)),
    revokedAt: null,
    ...overrides,
  };
}

export function describeAdminCredentialStoreContract(adapter: string, harness: AdminCredentialStoreHarness): void {
  describe(`AdminCredentialStore contract: ${adapter}`, () => {
    let store: AdminCredentialStore;
    beforeEach(async () => {
      store = await harness.fresh();
    });

    it('finds a credential by hash and by id, as stored', async () => {
      const credential = aCredential({ scopes: ['keys:read', 'audit:read'] });
      await store.add(credential);
      expect(await store.findByHash(credential.hash)).toEqual(credential);
      expect(await store.findById(credential.id)).toEqual(credential);
      expect(await store.findByHash(hashKey('other'))).toBeNull();
      expect(await store.findById('adm_missing')).toBeNull();
    });

    it('refuses a second credential with the same hash or id, keeping the first', async () => {
      const credential = aCredential();
      await store.add(credential);
      await expect(store.add(aCredential({ hash: credential.hash }))).rejects.toThrow(DuplicateKeyError);
      await expect(store.add(aCredential({ id: credential.id }))).rejects.toThrow(DuplicateKeyError);
      expect(await store.list()).toEqual([credential]);
    });

    it('lists oldest first, and changes scopes and revocation', async () => {
      const later = aCredential({ createdAt: new Date(Date.UTC(2026, 5, 1)) });
      const earlier = aCredential({ createdAt: new Date(Date.UTC(2026, 1, 1)) });
      await store.add(later);
      await store.add(earlier);
      expect((await store.list()).map((c) => c.id)).toEqual([earlier.id, later.id]);
      const at = new Date(Date.UTC(2026, 6, 1));
      expect(await store.update(later.id, { revokedAt: at, scopes: ['usage:read'] })).toEqual({
        ...later,
        revokedAt: at,
        scopes: ['usage:read'],
      });
      expect(await store.findByHash(later.hash)).toEqual({ ...later, revokedAt: at, scopes: ['usage:read'] });
      expect(await store.update('adm_missing', { revokedAt: at })).toBeNull();
    });
  });
}

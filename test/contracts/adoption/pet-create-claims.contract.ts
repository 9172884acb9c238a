/** What every PetCreateClaims must do; run against each adapter. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { IdempotencyScope, PetCreateClaims, NewClaim } from '../../../src/application/adoption/ports/pet-create-claims.js';
import type { Pet } from '../../../src/domain/adoption/pet.js';
import { aFullRecord } from '../../support/builders.js';

export interface PetCreateClaimsHarness {
  fresh(): Promise<PetCreateClaims>;
  close?(): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const LEASE = 10_000;
const TTL = 86_400_000;
const PET: Pet = {
  ...aFullRecord(),
  id: 2 ** 53 - 1,
  name: 'Rex ✓',
  categoryId: 7,
  status: 'pending',
  photos: [{ id: 'ph_AbCdEfGhIjKlMnOpQrStUv', width: 1200, height: 1600 }],
  reference: { source: 'shelterluv', id: 'A-1024' },
  claimedBy: null,
  version: 1,
  createdAt: new Date(T0).toISOString(),
  updatedAt: new Date(T0).toISOString(),
  statusChangedAt: new Date(T0).toISOString(),
  adoptedAt: null,
  ownerId: 'acct_1042',
  heldBy: null,
  publishedAt: null,
  place: { postalCode: '94110', city: 'San Francisco', region: 'CA', country: 'US', kind: 'organization' },
};

let nextPetId = 1_000;

function aClaim(overrides: Partial<NewClaim> = {}): NewClaim {
  return { token: randomUUID(), fingerprint: 'f1', petId: nextPetId++, nowMs: T0, leaseMs: LEASE, ttlMs: TTL, ...overrides };
}

export function describePetCreateClaimsContract(adapter: string, harness: PetCreateClaimsHarness): void {
  describe(`PetCreateClaims contract: ${adapter}`, () => {
    let store: PetCreateClaims;
    let scope: IdempotencyScope;

    beforeEach(async () => {
      store = await harness.fresh();
      scope = { apiKeyId: `key_${randomUUID()}`, key: randomUUID() };
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('gives the first claim to one caller and shows it in flight to the next', async () => {
      expect(await store.claim(scope, aClaim({ petId: 7 }))).toEqual({ claimed: true, petId: 7 });
      expect(await store.claim(scope, aClaim({ fingerprint: 'f2', nowMs: T0 + 1 }))).toEqual({
        claimed: false,
        existing: { state: 'in_flight', fingerprint: 'f1' },
      });
    });

    it('replays a completed result, exactly as stored, until it expires', async () => {
      const first = aClaim();
      await store.claim(scope, first);
      await store.complete(scope, first.token, PET, T0 + 5, TTL);
      const replay = { claimed: false, existing: { state: 'completed', fingerprint: 'f1', pet: PET } };
      // Once completed, the holder's repeated result and release change nothing.
      await store.complete(scope, first.token, { ...PET, name: 'Other' }, T0 + 6, TTL);
      await store.release(scope, first.token);
      expect(await store.claim(scope, aClaim({ nowMs: T0 + LEASE + 1 }))).toEqual(replay);
      expect(await store.claim(scope, aClaim({ nowMs: T0 + 5 + TTL - 1 }))).toEqual(replay);
      expect(await store.claim(scope, aClaim({ nowMs: T0 + 5 + TTL, petId: 8 }))).toEqual({ claimed: true, petId: 8 });
    });

    it('scopes keys per API key', async () => {
      await store.claim(scope, aClaim());
      expect((await store.claim({ ...scope, apiKeyId: `${scope.apiKeyId}_other` }, aClaim())).claimed).toBe(true);
      expect((await store.claim({ ...scope, key: `${scope.key}-other` }, aClaim())).claimed).toBe(true);
    });

    it("lets a retry take the claim over at once when the holder releases it, with the holder's pet id, and only for the holder", async () => {
      const first = aClaim({ petId: 41 });
      await store.claim(scope, first);
      await store.release(scope, 'someone-else');
      expect((await store.claim(scope, aClaim())).claimed).toBe(false);
      await store.release(scope, first.token);
      // The released attempt's write may still land: the retry stores under the same id.
      expect(await store.claim(scope, aClaim({ petId: 42 }))).toEqual({ claimed: true, petId: 41 });
    });

    it('lets a claim be taken over once its lease ends (its holder died), and ignores the old holder after', async () => {
      const first = aClaim({ petId: 51 });
      await store.claim(scope, first);
      expect((await store.claim(scope, aClaim({ nowMs: T0 + LEASE - 1 }))).claimed).toBe(false);
      const second = aClaim({ nowMs: T0 + LEASE, fingerprint: 'f2', petId: 52 });
      expect(await store.claim(scope, second)).toEqual({ claimed: true, petId: 51 });
      // The first holder comes back late: neither its result nor its release touches the new claim.
      await store.complete(scope, first.token, PET, T0 + LEASE + 1, TTL);
      await store.release(scope, first.token);
      expect(await store.claim(scope, aClaim({ nowMs: T0 + LEASE + 2 }))).toEqual({
        claimed: false,
        existing: { state: 'in_flight', fingerprint: 'f2' },
      });
    });

    it('grants exactly one of many concurrent claims', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(scope, aClaim())));
      expect(results.filter((r) => r.claimed)).toHaveLength(1);
    });
  });
}

/** The contract suites on the in-memory adapters. */
import { describe, expect, it } from 'vitest';
import { MemoryApiKeyStore } from '../../src/adapters/access/memory/memory-api-key-store.js';
import { MemoryPetCreateClaims } from '../../src/adapters/adoption/memory/memory-pet-create-claims.js';
import { MemoryPetRepository } from '../../src/adapters/adoption/memory/memory-pet-repository.js';
import { MemoryRateLimiter } from '../../src/adapters/access/memory/memory-rate-limiter.js';
import { windowsFor } from '../../src/domain/access/rate-limit.js';
import { FakeClock } from '../support/fake-clock.js';
import { describeApiKeyStoreContract } from './access/api-key-store.contract.js';
import { describeAdminCredentialStoreContract } from './access/admin-credential-store.contract.js';
import { describeAuditLogContract } from './shared/audit-log.contract.js';
import { MemoryAdminCredentialStore } from '../../src/adapters/access/memory/memory-admin-credential-store.js';
import { MemoryAuditLog } from '../../src/adapters/shared/memory/memory-audit-log.js';
import { describePetCreateClaimsContract } from './adoption/pet-create-claims.contract.js';
import { describePetRepositoryContract } from './adoption/pet-repository.contract.js';
import { describePetSearchContract } from './adoption/pet-search.contract.js';
import { describeAdoptionRequestRepositoryContract } from './adoption/adoption-request-repository.contract.js';
import { MemoryAdoptionRequestRepository } from '../../src/adapters/adoption/memory/memory-adoption-request-repository.js';
import { describeRateLimiterContract } from './access/rate-limiter.contract.js';
import { describeUsageStoreContract } from './access/usage-store.contract.js';
import { MemoryUsageStore } from '../../src/adapters/access/memory/memory-usage-store.js';
import { MemoryEventFeed } from '../../src/adapters/adoption/memory/memory-event-feed.js';
import { describeOutboxContract } from './adoption/outbox.contract.js';
import { describeEventFeedContract } from './adoption/event-feed.contract.js';
import { describeWebhookEndpointStoreContract } from './webhooks/webhook-endpoint-store.contract.js';
import { describeDestinationStoreContract } from './publishing/destination-store.contract.js';
import { MemoryDestinationStore } from '../../src/adapters/publishing/memory/memory-destination-store.js';
import { MemoryWebhookEndpointStore } from '../../src/adapters/webhooks/memory/memory-webhook-endpoint-store.js';
import { describeWebhookDeliveryStoreContract } from './webhooks/webhook-delivery-store.contract.js';
import { MemoryWebhookDeliveryStore } from '../../src/adapters/webhooks/memory/memory-webhook-delivery-store.js';
import { describePhotoStoreContract } from './adoption/photo-store.contract.js';
import { MemoryPhotoStore } from '../../src/adapters/adoption/memory/memory-photo-store.js';
import { describeOrganizationStoreContract } from './organizations/organization-store.contract.js';
import { MemoryOrganizationStore } from '../../src/adapters/organizations/memory/memory-organization-store.js';
import { describeSavedSearchStoreContract } from './adoption/saved-search-store.contract.js';
import { MemorySavedSearchStore } from '../../src/adapters/adoption/memory/memory-saved-search-store.js';

console.info('[backend] contracts/memory: in-memory adapters');

describePetRepositoryContract('memory', { fresh: async () => new MemoryPetRepository() });
describePetSearchContract('memory', { fresh: async () => new MemoryPetRepository() });
describeAdoptionRequestRepositoryContract('memory', { fresh: async () => new MemoryAdoptionRequestRepository() });
describeApiKeyStoreContract('memory', { fresh: async () => new MemoryApiKeyStore() });
describeRateLimiterContract('memory', { fresh: async (clock) => new MemoryRateLimiter(clock) });
describePetCreateClaimsContract('memory', { fresh: async () => new MemoryPetCreateClaims() });
describeAdminCredentialStoreContract('memory', { fresh: async () => new MemoryAdminCredentialStore() });
describeAuditLogContract('memory', { fresh: async () => new MemoryAuditLog() });
describePhotoStoreContract('memory', { fresh: async () => new MemoryPhotoStore() });
describeOrganizationStoreContract('memory', { fresh: async () => new MemoryOrganizationStore() });
describeSavedSearchStoreContract('memory', { fresh: async () => new MemorySavedSearchStore() });
describeUsageStoreContract('memory', { fresh: async () => new MemoryUsageStore(new FakeClock()) });
describeOutboxContract('memory', {
  fresh: async () => ({ pets: new MemoryPetRepository(), orders: new MemoryAdoptionRequestRepository() }),
});
describeEventFeedContract('memory', { fresh: async () => new MemoryEventFeed() });
describeWebhookEndpointStoreContract('memory', { fresh: async () => new MemoryWebhookEndpointStore() });
describeWebhookDeliveryStoreContract('memory', { fresh: async () => new MemoryWebhookDeliveryStore() });
describeDestinationStoreContract('memory', { fresh: async () => new MemoryDestinationStore() });

describe('MemoryPetCreateClaims memory', () => {
  it('forgets records past their retention time, so memory follows the last IDEMPOTENCY_TTL_SECONDS only', async () => {
    const store = new MemoryPetCreateClaims();
    const t0 = Date.UTC(2026, 10, 21);
    const claim = (nowMs: number, i: number) =>
      store.claim(
        { apiKeyId: 'key_a', key: `k-${i}` },
        { token: `t-${i}`, fingerprint: 'f', petId: i + 1, nowMs, leaseMs: 10_000, ttlMs: 86_400_000 },
      );
    for (let i = 0; i < 1000; i++) await claim(t0, i);
    expect(store.size).toBe(1000);
    await claim(t0 + 86_400_000 + 60_000, 1000);
    expect(store.size).toBe(1);
  });
});

describe('MemoryRateLimiter memory', () => {
  it('forgets idle subjects, so memory follows active clients only', async () => {
    const clock = new FakeClock();
    const limiter = new MemoryRateLimiter(clock);
    const policy = { windows: windowsFor({ perMinute: 60, perDay: 1000 }), ban: { threshold: 0, durationMs: 0, strikeWindowMs: 0 } };
    for (let i = 0; i < 1000; i++) await limiter.admit(`ip:10.0.${i >> 8}.${i & 255}`, policy);
    expect(limiter.size).toBe(1000);
    clock.advance(86_400_000 + 900_000 + 60_000);
    await limiter.admit('key:active', policy);
    expect(limiter.size).toBe(1);
  });
});

describe('MemoryUsageStore memory', () => {
  it('forgets buckets past their retention, so memory follows recent use only', async () => {
    const clock = new FakeClock();
    const store = new MemoryUsageStore(clock);
    const counts = { admitted: 1, limited: 0, banned: 0, clientErrors: 0, serverErrors: 0, byOperation: { listPets: 1 } };
    // A key busy every minute of a day: 1440 minute buckets, 24 hour buckets, 1 day bucket.
    const t0 = Date.UTC(2026, 10, 21);
    await store.add(Array.from({ length: 1440 }, (_, i) => ({ keyId: 'key_a', minuteMs: t0 + i * 60_000, counts, seen: {} })));
    expect(store.size).toBe(1440 + 24 + 1);
    // 48 hours after that day, its minute buckets are gone; its hours stay 31 days, its day 400.
    clock.ms = t0 + 3 * 86_400_000 + 60_000;
    await store.add([]);
    expect(store.size).toBe(24 + 1);
    clock.ms = t0 + 32 * 86_400_000 + 60_000;
    await store.add([]);
    expect(store.size).toBe(1);
  });
});

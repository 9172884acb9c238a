/** The repository and key store contracts on MongoDB, plus ids, indexes, unavailability and the test-database guard. */
import { listPets } from '../../support/pet-list.js';
import { Long, type Db, type MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachingApiKeyStore } from '../../../src/adapters/access/cache/caching-api-key-store.js';
import { connectMongo } from '../../../src/adapters/shared/mongo/mongo-connection.js';
import { MongoApiKeyStore } from '../../../src/adapters/access/mongo/mongo-api-key-store.js';
import { MongoPetCreateClaims } from '../../../src/adapters/adoption/mongo/mongo-pet-create-claims.js';
import { MongoPetRepository } from '../../../src/adapters/adoption/mongo/mongo-pet-repository.js';
import { ServiceUnavailableError } from '../../../src/domain/shared/errors.js';
import { describeApiKeyStoreContract } from '../../contracts/access/api-key-store.contract.js';
import { describeAdminCredentialStoreContract } from '../../contracts/access/admin-credential-store.contract.js';
import { describeAuditLogContract } from '../../contracts/shared/audit-log.contract.js';
import { MongoAdminCredentialStore } from '../../../src/adapters/access/mongo/mongo-admin-credential-store.js';
import { MongoAuditLog } from '../../../src/adapters/shared/mongo/mongo-audit-log.js';
import { describePetCreateClaimsContract } from '../../contracts/adoption/pet-create-claims.contract.js';
import { describePetRepositoryContract } from '../../contracts/adoption/pet-repository.contract.js';
import { describePetSearchContract } from '../../contracts/adoption/pet-search.contract.js';
import { describeAdoptionRequestRepositoryContract } from '../../contracts/adoption/adoption-request-repository.contract.js';
import { MongoAdoptionRequestRepository } from '../../../src/adapters/adoption/mongo/mongo-adoption-request-repository.js';
import { describeUsageStoreContract } from '../../contracts/access/usage-store.contract.js';
import { MongoUsageStore } from '../../../src/adapters/access/mongo/mongo-usage-store.js';
import { MongoEventFeed } from '../../../src/adapters/adoption/mongo/mongo-event-feed.js';
import { describeEventFeedContract } from '../../contracts/adoption/event-feed.contract.js';
import { describeOutboxContract } from '../../contracts/adoption/outbox.contract.js';
import { anEndpoint, describeWebhookEndpointStoreContract } from '../../contracts/webhooks/webhook-endpoint-store.contract.js';
import { aDestination, describeDestinationStoreContract } from '../../contracts/publishing/destination-store.contract.js';
import { MongoDestinationStore } from '../../../src/adapters/publishing/mongo/mongo-destination-store.js';
import { describeWebhookDeliveryStoreContract } from '../../contracts/webhooks/webhook-delivery-store.contract.js';
import { MongoWebhookDeliveryStore } from '../../../src/adapters/webhooks/mongo/mongo-webhook-delivery-store.js';
import { MongoWebhookEndpointStore } from '../../../src/adapters/webhooks/mongo/mongo-webhook-endpoint-store.js';
import { SecretBox } from '../../../src/adapters/shared/mongo/secret-box.js';
import { describePhotoStoreContract } from '../../contracts/adoption/photo-store.contract.js';
import { MongoPhotoStore } from '../../../src/adapters/adoption/mongo/mongo-photo-store.js';
import { describeOrganizationStoreContract } from '../../contracts/organizations/organization-store.contract.js';
import { MongoOrganizationStore } from '../../../src/adapters/organizations/mongo/mongo-organization-store.js';
import { describeSavedSearchStoreContract } from '../../contracts/adoption/saved-search-store.contract.js';
import { MongoSavedSearchStore } from '../../../src/adapters/adoption/mongo/mongo-saved-search-store.js';
import { randomBytes } from 'node:crypto';
import { aPetDraft } from '../../support/builders.js';
import { FakeClock } from '../../support/fake-clock.js';
import { assertTestDatabase, describeWith, openTestDatabase } from '../../support/integration.js';
import { freePort } from '../../support/backends.js';
import { MONGO_PREPARATIONS } from '../../../src/config/adapters.js';
import { EMPTY_RECORD } from '../../../src/domain/adoption/pet-record.js';

describeWith('mongo', 'MongoDB adapters', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  describePetRepositoryContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoPetRepository(db, 5_000);
    },
  });
  describePetSearchContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoPetRepository(db, 5_000);
    },
  });
  describeAdoptionRequestRepositoryContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoAdoptionRequestRepository(db, 5_000);
    },
  });
  describeOutboxContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return { pets: new MongoPetRepository(db, 5_000), orders: new MongoAdoptionRequestRepository(db, 5_000) };
    },
  });
  describeEventFeedContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoEventFeed(db, 5_000);
    },
  });
  describePhotoStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoPhotoStore(db, 5_000);
    },
    another: async () => new MongoPhotoStore(db, 5_000),
  });
  const box = new SecretBox(randomBytes(32));
  describeWebhookEndpointStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoWebhookEndpointStore(db, 5_000, box);
    },
  });

  describeDestinationStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoDestinationStore(db, 5_000, box);
    },
  });

  describe('publishing passwords at rest', () => {
    it('are stored sealed, never as given, and open only under the key they were sealed with', async () => {
      await database.clear();
      const destination = aDestination({ password: 'hunter2-hunter2' });
      await new MongoDestinationStore(db, 5_000, box).add(destination, 10);
      const stored = JSON.stringify(await db.collection('publishing_destinations').findOne({ _id: destination.id as never }));
      expect(stored).not.toContain('hunter2');
      expect(stored).toContain('"sealedPassword":"v1.');
      await expect(new MongoDestinationStore(db, 5_000, new SecretBox(randomBytes(32))).findById(destination.id)).rejects.toThrow();
    });
  });

  describeWebhookDeliveryStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoWebhookDeliveryStore(db, 5_000);
    },
  });

  describe('webhook secrets at rest', () => {
    it('are stored sealed, never as given, and open only under the key they were sealed with', async () => {
      await database.clear();
      const endpoint = anEndpoint();
      await new MongoWebhookEndpointStore(db, 5_000, box).add(endpoint, 10);
      const stored = JSON.stringify(await db.collection('webhook_endpoints').findOne({ _id: endpoint.id as never }));
      expect(stored).not.toContain('whsec_');
      expect(stored).not.toContain(endpoint.secrets[0]?.secret.slice(6, 20));
      expect(stored).toMatch(/"sealed":"v1\./);
      await expect(new MongoWebhookEndpointStore(db, 5_000, new SecretBox(randomBytes(32))).findById(endpoint.id)).rejects.toThrow();
    });
  });
  describeAdminCredentialStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoAdminCredentialStore(db, 5_000);
    },
  });
  describeAuditLogContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoAuditLog(db, 5_000);
    },
  });
  describeApiKeyStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoApiKeyStore(db, 5_000);
    },
  });
  describeOrganizationStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoOrganizationStore(db, 5_000);
    },
  });
  describeSavedSearchStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      await MongoSavedSearchStore.ensureIndexes(db);
      return new MongoSavedSearchStore(db, 5_000);
    },
  });
  describePetCreateClaimsContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoPetCreateClaims(db, 5_000);
    },
  });
  describeUsageStoreContract('mongodb', {
    fresh: async () => {
      await database.clear();
      return new MongoUsageStore(db, 5_000);
    },
  });
  describeApiKeyStoreContract('mongodb behind the key cache', {
    fresh: async () => {
      await database.clear();
      return new CachingApiKeyStore(new MongoApiKeyStore(db, 5_000), new FakeClock(), 30_000);
    },
  });

  describe('pets stored before versions and owners', () => {
    it('are given version 1, the times of the start and no owner, once, by the start-up migration (backfillUnversionedPets)', async () => {
      await database.clear();
      await db
        .collection('pets')
        .insertOne({ _id: Long.fromNumber(77) as never, name: 'Old', categoryId: Long.fromNumber(3), status: 'sold' });
      const before = Date.now();
      const prepareAtStart = async () => {
        for (const prepare of MONGO_PREPARATIONS) await prepare(db);
      };
      await prepareAtStart();
      const repo = new MongoPetRepository(db, 5_000);
      const pet = await repo.findById(77);
      expect(pet).toMatchObject({
        id: 77,
        name: 'Old',
        categoryId: 3,
        status: 'sold',
        version: 1,
        adoptedAt: null,
        ownerId: null,
        heldBy: null,
        // Stored before the record: read with the empty one, no document rewritten for it.
        publishedAt: null,
        ...EMPTY_RECORD,
      });
      expect(Date.parse(pet?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
      // Conditional writes work on it at once.
      expect(await repo.update({ ...(pet as NonNullable<typeof pet>), name: 'Renamed', version: 2 }, 1, [])).toBe(true);
      await prepareAtStart();
      expect((await repo.findById(77))?.version).toBe(2);
    });
  });

  describe('pets stored before places', () => {
    it('are placed at their foster home or at their organization, without a new version, once (backfillPlaces)', async () => {
      await database.clear();
      await db.collection('organizations').insertOne({
        _id: 'acct_sf' as never,
        name: 'Mission Shelter',
        location: { postalCode: '94110', city: 'San Francisco', region: 'CA', country: 'US' },
        version: 1,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      const old = { categoryId: Long.fromNumber(1), status: 'available', version: 4, ownerId: 'acct_sf' };
      const oakland = { postalCode: '94601', city: 'Oakland', region: 'CA', country: 'US' };
      await db.collection('pets').insertMany([
        { _id: Long.fromNumber(81) as never, name: 'Shelter', ...old, location: null },
        { _id: Long.fromNumber(82) as never, name: 'Foster', ...old, location: oakland },
        { _id: Long.fromNumber(83) as never, name: 'Nobody', ...old, ownerId: 'acct_unknown', location: null },
      ]);
      for (const prepare of MONGO_PREPARATIONS) await prepare(db);
      const repo = new MongoPetRepository(db, 5_000);
      expect(await repo.findById(81)).toMatchObject({ version: 4, place: { postalCode: '94110', kind: 'organization' } });
      expect(await repo.findById(82)).toMatchObject({ version: 4, place: { ...oakland, kind: 'foster' } });
      expect(await repo.findById(83)).toMatchObject({ version: 4, place: null });
      // Near-searches walk the index on the place; a second start changes nothing.
      expect((await db.collection('pets').indexes()).map((index) => index.name)).toContain('place_postal_code_id');
      const located = await repo.nearest(
        {},
        [
          { postalCode: '94110', km: 0 },
          { postalCode: '94601', km: 17 },
        ],
        null,
        10,
      );
      expect(located).toEqual([
        { id: 81, postalCode: '94110', km: 0 },
        { id: 82, postalCode: '94601', km: 17 },
      ]);
      for (const prepare of MONGO_PREPARATIONS) await prepare(db);
      expect(await repo.findById(81)).toMatchObject({ version: 4, place: { postalCode: '94110' } });
    });
  });

  describe('pet ids', () => {
    it('stores ids and category ids as int64, never as doubles', async () => {
      await database.clear();
      const pet = await new MongoPetRepository(db, 5_000).add(aPetDraft({ categoryId: 2 ** 53 - 1 }), () => []);
      const raw = await db.collection('pets').findOne({ _id: Long.fromNumber(pet.id) }, { promoteLongs: false });
      expect(raw?._id).toBeInstanceOf(Long);
      expect(raw?.categoryId).toBeInstanceOf(Long);
      expect((raw?.categoryId as Long).toString()).toBe('9007199254740991');
    });

    it('stays unique across instances inserting at the same time', async () => {
      await database.clear();
      const second = await connectMongo({ url: mongoUrl(database.client), database: database.name, timeoutMs: 5_000 }, MONGO_PREPARATIONS);
      try {
        const a = new MongoPetRepository(db, 5_000);
        const b = new MongoPetRepository(second.db, 5_000);
        const pets = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).add(aPetDraft(), () => [])));
        expect(new Set(pets.map((p) => p.id)).size).toBe(100);
        expect(await listPets(a, { limit: 200 })).toHaveLength(100);
      } finally {
        await second.client.close();
      }
    });

    it('moves past ids already taken when the counter is behind', async () => {
      await database.clear();
      const repo = new MongoPetRepository(db, 5_000);
      const first = await repo.add(aPetDraft(), () => []);
      await repo.add(aPetDraft(), () => []);
      await db.collection('counters').updateOne({ _id: 'pets' as never }, { $set: { seq: Long.fromNumber(0) } });
      const next = await repo.add(aPetDraft(), () => []);
      expect(next.id).toBeGreaterThan(first.id + 1);
      expect(await listPets(repo, { limit: 10 })).toHaveLength(3);
    });
  });

  it('creates its indexes, idempotently', async () => {
    await connectMongo({ url: mongoUrl(database.client), database: database.name, timeoutMs: 5_000 }, MONGO_PREPARATIONS).then((c) =>
      c.client.close(),
    );
    const names = async (collection: string) => (await db.collection(collection).indexes()).map((i) => i.name);
    expect(await names('pets')).toEqual(expect.arrayContaining(['status_id']));
    expect(await names('api_keys')).toEqual(expect.arrayContaining(['hash_unique']));
  });

  it("keeps saved searches under a multikey index of their terms, so a change of an animal reads its terms' searches only", async () => {
    await MongoSavedSearchStore.ensureIndexes(db);
    await MongoSavedSearchStore.ensureIndexes(db);
    const indexes = await db.collection('saved_searches').indexes();
    expect(indexes.map((index) => [index.name, index.key])).toEqual(
      expect.arrayContaining([
        ['terms', { terms: 1 }],
        ['owner_id', { ownerId: 1, _id: 1 }],
      ]),
    );
  });

  it('lists by status in id order through the status_id index (where the server can explain)', async () => {
    const query = db
      .collection<{ _id: Long; status: string }>('pets')
      .find({ status: 'sold', _id: { $gt: Long.fromNumber(10) } })
      .sort({ _id: 1 })
      .limit(20);
    let plan: unknown;
    try {
      plan = await query.explain();
    } catch (error) {
      // The jongodb test server has no explain command; MongoDB itself (MONGODB_URL, containers) does.
      console.info(`[backend] index use not verifiable here (${(error as Error).message}); the index's presence is checked above`);
      return;
    }
    expect(JSON.stringify(plan)).toMatch(/"indexName":"status_id"/);
  });

  it('refuses a database whose name does not mark it as a test database', () => {
    expect(() => assertTestDatabase('adoption')).toThrow(/Refusing/);
    expect(() => assertTestDatabase('production_copy')).toThrow(/Refusing/);
    expect(() => assertTestDatabase('adoption_test')).not.toThrow();
  });
});

describe('MongoDB unreachable', () => {
  it('fails a request with ServiceUnavailableError after a bounded wait, never hanging', async () => {
    const port = await freePort();
    const { MongoClient } = await import('mongodb');
    const client = new MongoClient(`mongodb://127.0.0.1:${port}`, { serverSelectionTimeoutMS: 300 });
    const repo = new MongoPetRepository(client.db('adoption_test'), 5_000);
    const started = Date.now();
    await expect(repo.add(aPetDraft(), () => [])).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(repo.ping()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
    await client.close();
  });

  it('stops start-up with a message that names the address but not the credentials', async () => {
    const port = await freePort();
    const failure = connectMongo(
      { url: `mongodb://admin:s3cret@127.0.0.1:${port}/adoption`, database: 'adoption_test', timeoutMs: 300 },
      MONGO_PREPARATIONS,
    );
    await expect(failure).rejects.toThrow(`MongoDB at 127.0.0.1:${port} did not answer within 300 ms`);
    await expect(failure).rejects.not.toThrow(/s3cret/);
  });
});

function mongoUrl(client: MongoClient): string {
  return `mongodb://${client.options.hosts.map((h) => h.toString()).join(',')}`;
}

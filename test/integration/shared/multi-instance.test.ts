/** Several instances behind a load balancer share one budget per key, through Redis and MongoDB. */
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { Long } from 'mongodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Application } from '../../../src/config/create-app.js';
import { describeWith, twoInstances } from '../../support/integration.js';
import { expectRaceOutcome } from '../../support/test-app.js';

describeWith('both', 'Two instances on one MongoDB and one Redis', () => {
  let database: Awaited<ReturnType<typeof twoInstances>>['database'];
  let instances: readonly Application[];
  let close: () => Promise<void>;

  // Production wiring, time from Redis TIME; a Redis key prefix private to this test, as a
  // deployment sharing the Redis would set it.
  beforeAll(async () => {
    ({ instances, database, close } = await twoInstances());
  });
  afterAll(async () => close());

  it("admits a Free key exactly its plan's per-minute number of times, bursting across both", async () => {
    const [a, b] = instances as [Application, Application];
    const { key } = await a.keys.issue({ name: 'Burst', plan: 'free' });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b).http.inject({ url: '/v1/pets?limit=1', headers: { authorization: `Bearer ${key}` } }),
      ),
    );
    const admitted = responses.filter((r) => r.statusCode === 200).length;
    const refused = responses.filter((r) => r.statusCode === 429).length;
    console.info(`[measure] two instances, 100 concurrent requests of one Free key: ${admitted} admitted, ${refused} refused`);
    expect(admitted).toBe(PLAN_LIMITS.free.perMinute);
    expect(refused).toBe(100 - PLAN_LIMITS.free.perMinute);
    // Both instances served some of the admitted requests.
    expect(responses.filter((r, i) => i % 2 === 1 && r.statusCode === 200).length).toBeGreaterThan(0);
    expect(responses.filter((r, i) => i % 2 === 0 && r.statusCode === 200).length).toBeGreaterThan(0);
  });

  it('sees pets created on the other instance, with unique ids', async () => {
    const [a, b] = instances as [Application, Application];
    const { key } = await b.keys.issue({ name: 'Shelter', plan: 'business' });
    const headers = { authorization: `Bearer ${key}` };
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: `Pet ${i}`, categoryId: 1 } }),
      ),
    );
    const ids = created.map((r) => r.json<{ id: number }>().id);
    expect(new Set(ids).size).toBe(20);
    const listed = await a.http.inject({ url: '/v1/pets?limit=100', headers });
    expect(listed.json<{ id: number }[]>().map((p) => p.id)).toEqual([...ids].sort((x, y) => x - y));
  });

  it('stores one pet for concurrent creates with one Idempotency-Key sent to both instances', async () => {
    const [a, b] = instances as [Application, Application];
    const { key } = await a.keys.issue({ name: 'Retrying client', plan: 'business' });
    const headers = { authorization: `Bearer ${key}`, 'idempotency-key': 'two-instance-race' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: 'Once', categoryId: 1 } }),
      ),
    );
    const replays = responses.filter((r) => r.headers['idempotent-replayed'] === 'true').length;
    const inFlight = responses.filter((r) => r.statusCode === 409).length;
    console.info(
      `[measure] two instances, 20 concurrent creates with one Idempotency-Key: 1 created, ${replays} replayed, ${inFlight} answered 409`,
    );
    expectRaceOutcome(responses);
    const pets = await database.db.collection('pets').countDocuments({ name: 'Once' });
    expect(pets).toBe(1);
    // Once the first has finished, every repeat is a replay.
    const later = await b.http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: 'Once', categoryId: 1 } });
    expect(later.headers['idempotent-replayed']).toBe('true');
  });

  it('lets exactly one of 20 changes read at one version land, sent to both instances', async () => {
    const [a, b] = instances as [Application, Application];
    const { key } = await a.keys.issue({ name: 'Shelter', plan: 'business', ownerId: 'acct_race' });
    const headers = { authorization: `Bearer ${key}` };
    const pet = (await a.http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: 'Rex', categoryId: 1 } })).json<{
      id: number;
    }>();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).http.inject({
          method: 'PATCH',
          url: `/v1/pets/${pet.id}`,
          headers: { ...headers, 'if-match': '"1"' },
          payload: { name: `Name ${i}` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    console.info(
      `[measure] two instances, 20 PATCHes with one If-Match: ${statuses.filter((s) => s === 200).length} x 200, ${statuses.filter((s) => s === 412).length} x 412`,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(19);
    const stored = await database.db.collection('pets').findOne({ _id: Long.fromNumber(pet.id) });
    expect(stored?.version).toBe(2);
  });

  it('approves exactly one of two requests for one pet sent at once to the two instances; the pet is held by the winner', async () => {
    const [a, b] = instances as [Application, Application];
    const shelter = `Bearer ${(await a.keys.issue({ name: 'Shelter', plan: 'business', ownerId: 'acct_shelter' })).key}`;
    const partner = `Bearer ${(await b.keys.issue({ name: 'Partner', plan: 'business', ownerId: 'acct_partner' })).key}`;
    for (let round = 0; round < 10; round++) {
      const pet = (
        await a.http.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { authorization: shelter },
          payload: { name: 'Rex', categoryId: 1 },
        })
      ).json<{ id: number }>();
      const place = (app: Application) =>
        app.http.inject({
          method: 'POST',
          url: '/v1/orders',
          headers: { authorization: partner },
          payload: { petId: pet.id, applicantName: 'Ada' },
        });
      const orders = [(await place(a)).json<{ id: string }>(), (await place(b)).json<{ id: string }>()];
      const responses = await Promise.all(
        orders.map((order, i) =>
          (i ? a : b).http.inject({ method: 'POST', url: `/v1/orders/${order.id}/approve`, headers: { authorization: shelter } }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(responses.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'pet_not_available' });
      const winner = responses.find((r) => r.statusCode === 200)?.json<{ id: string }>().id;
      const stored = await database.db.collection('pets').findOne({ _id: Long.fromNumber(pet.id) });
      expect(stored).toMatchObject({ status: 'pending', heldBy: winner });
      expect(await database.db.collection('orders').countDocuments({ petId: Long.fromNumber(pet.id), status: 'approved' })).toBe(1);
    }
  });
});

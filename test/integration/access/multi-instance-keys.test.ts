/** Keys managed over the admin API of one instance, as every other instance sees them. */
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { backend, describeWith, twoInstances, uniquePrefix } from '../../support/integration.js';

const ADMIN_TOKEN = 'adopt-admin-test-token-for-instances';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const CACHE_TTL_SECONDS = 1;

const listPets = (app: Application, key: string) =>
  app.http.inject({ url: '/v1/pets?limit=1', headers: { authorization: `Bearer ${key}` } });

describeWith('both', 'Keys managed over HTTP, seen by two instances on one MongoDB and one Redis', () => {
  let a: Application;
  let b: Application;
  let close: () => Promise<void>;

  beforeAll(async () => {
    let instances: readonly [Application, Application];
    ({ instances, close } = await twoInstances({ ADMIN_TOKENS: ADMIN_TOKEN, KEY_CACHE_TTL_SECONDS: String(CACHE_TTL_SECONDS) }));
    [a, b] = instances;
  });
  afterAll(async () => {
    await close();
  });

  const issue = async (payload: object) => {
    const response = await a.admin.inject({ method: 'POST', url: '/admin/v1/keys', headers: admin, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; key: string }>();
  };

  it('a key issued on one instance works on the other; revoked, it is refused at once there and within the cache bound here', async () => {
    const { id, key } = await issue({ name: 'Shelter', plan: 'business' });
    expect((await listPets(b, key)).statusCode).toBe(200);
    expect((await listPets(a, key)).statusCode).toBe(200);
    const revokedAt = Date.now();
    expect((await b.admin.inject({ method: 'POST', url: `/admin/v1/keys/${id}/revoke`, headers: admin })).statusCode).toBe(200);
    expect((await listPets(b, key)).statusCode).toBe(401);
    // Instance a cached the key a moment ago: it may admit it until KEY_CACHE_TTL_SECONDS has passed.
    let refusedAfterMs = -1;
    while (Date.now() - revokedAt < CACHE_TTL_SECONDS * 1000 * 5) {
      if ((await listPets(a, key)).statusCode === 401) {
        refusedAfterMs = Date.now() - revokedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.info(
      `[measure] revoked on instance b, refused on instance a after ${refusedAfterMs} ms (KEY_CACHE_TTL_SECONDS=${CACHE_TTL_SECONDS})`,
    );
    expect(refusedAfterMs).toBeGreaterThanOrEqual(0);
    // The bound, with headroom for a loaded machine: the cache entry is at most one TTL old.
    expect(refusedAfterMs).toBeLessThanOrEqual(CACHE_TTL_SECONDS * 1000 + 1_000);
  });

  it('a rotated key keeps its quota across both instances', async () => {
    const old = await issue({ name: 'Rotating', plan: 'free' });
    // All but 10 of the Free minute spent before the rotation.
    const spentCount = PLAN_LIMITS.free.perMinute - 10;
    const spent = await Promise.all(Array.from({ length: spentCount }, (_, i) => listPets(i % 2 ? a : b, old.key)));
    expect(spent.every((r) => r.statusCode === 200)).toBe(true);
    const rotated = await b.admin.inject({
      method: 'POST',
      url: `/admin/v1/keys/${old.id}/rotate`,
      headers: admin,
      payload: { graceSeconds: 600 },
    });
    const fresh = rotated.json<{ key: string }>();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => listPets(i % 2 ? a : b, i % 4 < 2 ? fresh.key : old.key)));
    const admitted = burst.filter((r) => r.statusCode === 200).length;
    console.info(
      `[measure] rotated after ${spentCount} of ${PLAN_LIMITS.free.perMinute}: ${admitted} of 20 more admitted across two instances and both keys`,
    );
    expect(admitted).toBe(10);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it('the audit trail of both instances is one', async () => {
    const reading = await b.admin.inject({ url: '/admin/v1/audit-events?limit=100', headers: admin });
    const actions = reading.json<{ action: string }[]>().map((e) => e.action);
    expect(actions.filter((x) => x === 'key.create')).toHaveLength(2);
    expect(actions).toContain('key.revoke');
    expect(actions).toContain('key.rotate');
  });
});

describeWith('redis', 'Two instances on one Redis without MongoDB', () => {
  let instances: Application[];
  const keys = Array.from({ length: 12 }, (_, i) => `shared-free-key-${String(i).padStart(8, '0')}`);

  beforeAll(async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      REDIS_URL: backend('redis').url,
      REDIS_KEY_PREFIX: uniquePrefix(),
      API_KEYS: keys.map((key) => `${key}:free`).join(','),
    });
    instances = await Promise.all([1, 2].map(() => createApp(config)));
  });
  afterAll(async () => {
    await Promise.all(instances.map((app) => app.http.close()));
  });

  it('share the limits of every API_KEYS key exactly: the key has one id on both', async () => {
    const [a, b] = instances as [Application, Application];
    // 20 more requests per key than its Free minute allows, half to each instance.
    const sent = PLAN_LIMITS.free.perMinute + 20;
    const responses = await Promise.all(keys.flatMap((key) => Array.from({ length: sent }, (_, i) => listPets(i % 2 ? a : b, key))));
    const admittedPerKey = keys.map((_, k) => responses.slice(k * sent, (k + 1) * sent).filter((r) => r.statusCode === 200).length);
    console.info(
      `[measure] two instances, no MongoDB, 12 Free API_KEYS keys, ${sent / 2} requests each to each instance: admitted per key ${admittedPerKey.join(',')}`,
    );
    expect(admittedPerKey).toEqual(keys.map(() => PLAN_LIMITS.free.perMinute));
    const idsA = (await a.keys.list({ limit: 100 })).map((r) => r.id);
    const idsB = (await b.keys.list({ limit: 100 })).map((r) => r.id);
    expect(idsA.sort()).toEqual(idsB.sort());
  });
});

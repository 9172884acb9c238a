/**
 * Usage counted by two instances, each with its own connections, adds up exactly in the shared store:
 * Redis when it is the only store configured, MongoDB when there is one.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { addCounts, emptyCounts, type UsageCounts } from '../../../src/domain/access/usage.js';
import { backend, describeWith, openTestDatabase, uniquePrefix } from '../../support/integration.js';

const ADMIN_TOKEN = 'adopt-admin-test-token-for-usage-counts';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** Registered from API_KEYS on both instances, with the same derived id: keys are shared without MongoDB too. */
const KEY = `usage-counted-${uniquePrefix().replace(/[^A-Za-z0-9]/g, '')}-key`;

/** Every bucket of a read added up: the range may straddle a minute boundary. */
function total(buckets: UsageCounts[]): UsageCounts {
  const sum = emptyCounts();
  for (const bucket of buckets) addCounts(sum, bucket);
  return sum;
}

function describeTwoInstances(
  engine: 'redis' | 'both',
  store: string,
  env: () => Promise<{ vars: Record<string, string>; close: () => Promise<void> }>,
): void {
  describeWith(engine, `Usage counted by two instances, kept in ${store}`, () => {
    let a: Application;
    let b: Application;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const made = await env();
      close = made.close;
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        REDIS_URL: backend('redis').url,
        REDIS_KEY_PREFIX: uniquePrefix(),
        ADMIN_TOKENS: ADMIN_TOKEN,
        API_KEYS: `${KEY}:enterprise:10:1000`,
        ...made.vars,
      });
      [a, b] = (await Promise.all([1, 2].map(() => createApp(config)))) as [Application, Application];
      expect(a.adapters.usageEngine).toBe(store);
    });
    afterAll(async () => {
      await Promise.all([a, b].map((app) => app.http.close()));
      await close();
    });

    it('adds up exactly: admitted, limited, 4xx, per operation; both instances report the same', async () => {
      const from = new Date().toISOString();
      const listed = (await a.admin.inject({ url: '/admin/v1/keys', headers: admin })).json<{ id: string }[]>();
      expect(listed).toHaveLength(1);
      const issued = { id: (listed[0] as { id: string }).id };
      const authorization = `Bearer ${KEY}`;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const app = i % 2 === 0 ? a : b;
        const url = i % 3 === 0 ? '/v1/pets/999' : '/v1/pets';
        statuses.push((await app.http.inject({ url, headers: { authorization } })).statusCode);
      }
      statuses.push((await b.http.inject({ url: '/v1/rate_limit', headers: { authorization } })).statusCode);
      expect(statuses).toEqual([404, 200, 200, 404, 200, 200, 404, 200, 200, 404, 429, 429, 200]);
      await Promise.all([a.usage.flush(), b.usage.flush()]);
      const reports = await Promise.all(
        [a, b].map(async (app) => {
          const response = await app.admin.inject({
            url: `/admin/v1/keys/${issued.id}/usage?granularity=minute&from=${from}`,
            headers: admin,
          });
          expect(response.statusCode, response.body).toBe(200);
          return response.json<{ buckets: UsageCounts[] }>();
        }),
      );
      expect(reports[0]).toEqual(reports[1]);
      expect(total(reports[0]?.buckets ?? [])).toEqual({
        admitted: 11,
        limited: 2,
        banned: 0,
        clientErrors: 4,
        serverErrors: 0,
        byOperation: { getPet: 4, listPets: 8, getRateLimit: 1 },
      });
      const key = (await b.admin.inject({ url: `/admin/v1/keys/${issued.id}`, headers: admin })).json<{ lastUsedAt: string }>();
      expect(Date.now() - Date.parse(key.lastUsedAt)).toBeLessThan(60_000);
      const deprecations = (await a.admin.inject({ url: '/admin/v1/deprecations', headers: admin })).json<
        [{ callers: { keyId: string; calls7d: number }[] }]
      >();
      expect(deprecations[0].callers).toContainEqual(expect.objectContaining({ keyId: issued.id, calls7d: 4 }));
    });
  });
}

describeTwoInstances('redis', 'redis', async () => ({ vars: {}, close: async () => undefined }));

describeTwoInstances('both', 'mongodb', async () => {
  const database = await openTestDatabase();
  return { vars: { MONGODB_URL: backend('mongo').url, MONGODB_DATABASE: database.name }, close: () => database.close() };
});

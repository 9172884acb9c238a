/**
 * What usage counts take per key that is active all day: every minute of a day with requests to
 * three operations, flushed as an instance flushes them. Prints bytes per active key per day in
 * memory (heap), in Redis (MEMORY USAGE of its keys) and in MongoDB (BSON size of its documents,
 * without index overhead). REDIS_URL and MONGODB_URL are optional; what is not given is not measured.
 *
 *   npm run build:bench && REDIS_URL=redis://127.0.0.1:6379 node dist-bench/bench/usage-storage.js
 */
import { BSON, MongoClient } from 'mongodb';
import { Redis } from 'ioredis';
import { MemoryUsageStore } from '../src/adapters/access/memory/memory-usage-store.js';
import { MongoUsageStore } from '../src/adapters/access/mongo/mongo-usage-store.js';
import { RedisUsageStore } from '../src/adapters/access/redis/redis-usage-store.js';
import type { UsageEntry } from '../src/application/access/ports/usage-store.js';

const KEYS = Number(process.env.USAGE_KEYS ?? 20);
const DAY_START = Date.UTC(2026, 10, 24);
const clock = { nowMs: () => DAY_START + 86_400_000 };

/** One key's day: a request to listPets, createPet and getPet every minute, some refused or failed. */
function dayOf(keyId: string): UsageEntry[] {
  return Array.from({ length: 1440 }, (_, minute) => {
    const at = DAY_START + minute * 60_000;
    return {
      keyId,
      minuteMs: at,
      counts: {
        admitted: 40,
        limited: 2,
        banned: 0,
        clientErrors: 3,
        serverErrors: 1,
        byOperation: { listPets: 30, createPet: 10, getPet: 2 },
      },
      seen: {
        listPets: { firstMs: at, lastMs: at + 59_000 },
        createPet: { firstMs: at + 1_000, lastMs: at + 58_000 },
        getPet: { firstMs: at + 2_000, lastMs: at + 3_000 },
      },
    };
  });
}

const keyIds = Array.from({ length: KEYS }, (_, i) => `key_${String(i).padStart(16, '0')}`);

async function flushDays(add: (entries: UsageEntry[]) => Promise<void>): Promise<void> {
  // As an instance flushes every 10 s: a minute's entries at a time.
  for (let minute = 0; minute < 1440; minute++) await add(keyIds.map((keyId) => dayOf(keyId)[minute] as UsageEntry));
}

function perKey(bytes: number): string {
  return `${Math.round(bytes / KEYS).toLocaleString('en')} bytes per active key per day (${KEYS} keys)`;
}

async function memory(): Promise<void> {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const store = new MemoryUsageStore(clock);
  await flushDays((entries) => store.add(entries));
  global.gc?.();
  const after = process.memoryUsage().heapUsed;
  console.log(
    `memory: ${perKey(after - before)}${global.gc ? '' : ' (run node with --expose-gc for a steadier figure)'}; ${store.size} buckets held`,
  );
}

async function redis(url: string): Promise<void> {
  const client = new Redis(url);
  const prefix = `bench:${Date.now()}:`;
  const store = new RedisUsageStore(client, { keyPrefix: prefix, clock });
  await flushDays((entries) => store.add(entries));
  let bytes = 0;
  let count = 0;
  for await (const batch of client.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) {
    for (const key of batch) {
      bytes += Number(await client.memory('USAGE', key));
      count++;
    }
  }
  console.log(`redis: ${perKey(bytes)}; ${count} keys (MEMORY USAGE)`);
  for await (const batch of client.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>)
    if (batch.length > 0) await client.del(...batch);
  await client.quit();
}

async function mongo(url: string): Promise<void> {
  const client = await MongoClient.connect(url);
  const db = client.db(`bench_usage_test_${Date.now()}`);
  const store = new MongoUsageStore(db, 10_000);
  await flushDays((entries) => store.add(entries));
  let bytes = 0;
  let count = 0;
  for (const name of ['usage_buckets', 'usage_callers']) {
    for await (const document of db.collection(name).find()) {
      bytes += BSON.calculateObjectSize(document);
      count++;
    }
    await db.collection(name).deleteMany({});
  }
  console.log(`mongodb: ${perKey(bytes)}; ${count} documents (BSON size, indexes not included)`);
  await client.close();
}

await memory();
if (process.env.REDIS_URL) await redis(process.env.REDIS_URL);
if (process.env.MONGODB_URL) await mongo(process.env.MONGODB_URL);

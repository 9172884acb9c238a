// How long an adopter's alert takes, end to end: npm run bench:alert-latency, on memory, or with
// ALERT_MONGODB_URL=<url> on that MongoDB. One instance (the app as production builds it; on MongoDB
// its relay every 200 ms; its webhook worker every 250 ms), a partner with ALERT_SEARCHES saved
// searches (default 10,000, the shape of bench:alerts' first table: near the search world's 2,000
// shelters) and a webhook endpoint for `search.matched` on a receiver on loopback; a shelter creates
// ALERT_CREATES animals (default 600) at ALERT_RATE a second (default 20) over HTTP. For each alert
// received: the time from its animal's create being answered to the webhook reaching the receiver.
// Prints p50, p99 and the largest, and how many alerts each change made. On MongoDB, writes to a new
// database, alert_latency_<time>, dropped at the end where the server can drop one. Times nothing a
// test checks.
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient } from 'mongodb';
import { createApp } from '../src/config/create-app.js';
import { loadConfig } from '../src/config/env.js';
import { type SavedSearchDocument, toDocument } from '../src/adapters/adoption/mongo/mongo-saved-search-store.js';
import type { SavedSearchStore } from '../src/application/adoption/ports/saved-search-store.js';
import { SavedSearches } from '../src/application/adoption/use-cases/saved-searches.js';
import type { SavedSearch } from '../src/domain/adoption/saved-search.js';
import { TOKENS } from '../src/config/modules/features.js';
import { SHARED_TOKENS } from '../src/config/modules/shared.js';
import { resolve } from '../src/config/tokens.js';
import { SEARCH_SHELTERS, searchRecord, seededRandom, shelterCodes } from './records.js';

const url = process.env.ALERT_MONGODB_URL;
const searchCount = Number(process.env.ALERT_SEARCHES ?? 10_000);
const creates = Number(process.env.ALERT_CREATES ?? 600);
const rate = Number(process.env.ALERT_RATE ?? 20);
const SPECIES = ['dog', 'cat', 'rabbit', 'bird'];
const RADII = ['10', '25', '50'];
const codes = shelterCodes(SEARCH_SHELTERS);

// The receiver: when each alert arrived, by its animal.
const arrivals: { petId: number; atMs: number }[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const atMs = performance.now();
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { object: { id: number } } };
    if (event.type === 'search.matched') arrivals.push({ petId: event.data.object.id, atMs });
    response.writeHead(204).end();
  });
});
await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const database = `alert_latency_${Date.now()}`;
const app = await createApp(
  loadConfig({
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    ...(url !== undefined && { MONGODB_URL: url, MONGODB_DATABASE: database }),
  }),
);
const address = await app.http.listen({ host: '127.0.0.1', port: 0 });
const limits = { perMinute: 1_000_000, perDay: 100_000_000 };
const shelter = (await app.keys.issue({ name: 'Shelter', ownerId: 'acct_shelter', plan: 'enterprise', customLimits: limits })).key;
const partner = (await app.keys.issue({ name: 'Partner', ownerId: 'acct_partner', plan: 'enterprise', customLimits: limits })).key;
const call = async (key: string, method: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> => {
  const response = await fetch(`${address}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
};

const endpoint = await call(partner, 'POST', '/v1/webhook-endpoints', { url: hookUrl, enabledEvents: ['search.matched'] });
if (endpoint.status !== 201) throw new Error(`the webhook endpoint was refused: ${JSON.stringify(endpoint.json)}`);

// The searches, made by the use case (its checks, its place resolved), as bench:alerts' first table.
// In memory each is saved by it. The MongoDB-compatible test server's writes slow with a collection's
// size (one insert among 10,000 documents took 1.5 s there), so on MongoDB the use case saves into a
// list and the list is written in batches, as the store writes each one.
const collected: SavedSearch[] = [];
const savedSearches =
  url === undefined
    ? resolve(app.container, TOKENS.SavedSearches)
    : new SavedSearches(
        { create: (search: SavedSearch) => Promise.resolve(collected.push(search) > 0) } as unknown as SavedSearchStore,
        resolve(app.container, SHARED_TOKENS.NearbyPlaces),
        resolve(app.container, SHARED_TOKENS.Clock),
      );
const next = seededRandom(searchCount);
const savingFrom = performance.now();
for (let i = 0; i < searchCount; i++) {
  const species = SPECIES[Math.floor(next() * SPECIES.length)] as string;
  const near = codes[Math.floor(next() * codes.length)] as string;
  const extra = next();
  await savedSearches.create(
    {
      label: `Adopter ${i}`,
      reference: `adopter-${i}`,
      filter: {
        species: [species],
        ...(extra < 0.25 && { ageGroup: ['young' as const] }),
        ...(extra >= 0.25 && extra < 0.4 && { goodWithChildren: true }),
      },
      near,
      radius: RADII[Math.floor(next() * RADII.length)] as string,
    },
    { ownerId: 'acct_partner', keyId: 'bench' },
    'enterprise',
  );
}
if (url !== undefined) {
  const client = new MongoClient(url);
  await client.connect();
  const stored = client.db(database).collection<SavedSearchDocument>('saved_searches');
  for (let from = 0; from < collected.length; from += 1_000) await stored.insertMany(collected.slice(from, from + 1_000).map(toDocument));
  await client.close();
}
const savingSeconds = (performance.now() - savingFrom) / 1000;

// The animals, created at the rate asked; each create's answer time, by its animal.
const answeredAt = new Map<number, number>();
const startedAt = performance.now();
const pending: Promise<void>[] = [];
for (let i = 0; i < creates; i++) {
  const due = startedAt + (i * 1000) / rate;
  await new Promise((done) => setTimeout(done, Math.max(0, due - performance.now())));
  const { record } = searchRecord(i, codes);
  pending.push(
    call(shelter, 'POST', '/v1/pets', {
      name: `Pet ${i}`,
      categoryId: 1,
      species: record.species,
      ageGroup: record.ageGroup,
      goodWith: { children: record.goodWith.children },
      location: { postalCode: codes[i % codes.length] },
    }).then(({ status, json }) => {
      if (status !== 201) throw new Error(`a create was answered ${status}: ${JSON.stringify(json)}`);
      answeredAt.set((json as { id: number }).id, performance.now());
    }),
  );
}
await Promise.all(pending);
const createSeconds = (performance.now() - startedAt) / 1000;

// Every alert in: none comes for 5 s after the last.
for (let seen = -1; seen !== arrivals.length;) {
  seen = arrivals.length;
  await new Promise((done) => setTimeout(done, 5_000));
}

const latencies = arrivals.map(({ petId, atMs }) => atMs - (answeredAt.get(petId) ?? Number.NaN)).sort((a, b) => a - b);
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
console.log(
  `${searchCount.toLocaleString('en-US')} saved searches (saved in ${savingSeconds.toFixed(1)} s), ${creates} animals created at ` +
    `${(creates / createSeconds).toFixed(1)}/s: ${arrivals.length.toLocaleString('en-US')} alerts (${(arrivals.length / creates).toFixed(2)} a change); ` +
    `from the create's answer to the webhook: p50 ${percentile(0.5).toFixed(0)} ms, p99 ${percentile(0.99).toFixed(0)} ms, ` +
    `largest ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms`,
);

await app.http.close();
receiver.close();
if (url !== undefined) {
  const client = new MongoClient(url);
  await client.connect();
  await client
    .db(database)
    .dropDatabase()
    .catch(() => undefined);
  await client.close();
}

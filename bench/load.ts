// The load generator, in its own process: node dist-bench/bench/load.js '<json options>'; prints the result as JSON.
// Each request takes the next API key (and, for the 401 scenario, the next client address), so
// traffic is spread over many keys as real partners would send it.
import { newKeyBody } from '../src/application/access/services/key-secrets.js';
import autocannon, { type Request } from 'autocannon';
import type { LoadOptions, LoadResult, Scenario } from './processes.js';
import { composeKey } from '../src/domain/access/api-key.js';
import { fullRecord } from './records.js';

const o = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
/** The listPages scenario's pages: as many as the search world's shelters, spread over the whole list. */
const PAGE_POSITIONS = 2_000;
let n = 0;
const nextKey = () => o.keys[n++ % o.keys.length] as string;
const nextAddress = () => {
  const i = n++ % 65_536;
  return `10.${o.addressSalt % 256}.${i >> 8}.${i & 255}`;
};

/**
 * The patch scenario's pets: each made by one key before the run, then changed by that key only.
 * A connection takes one that no request is changing, sends its name flipped with If-Match at its
 * version, and gives it back at the version the answer carries, so every PATCH changes the pet.
 */
interface OwnPet {
  readonly id: number;
  readonly key: string;
  version: number;
  name: string;
}
const idle: OwnPet[] = [];
const busy: OwnPet[] = [];

async function makeOwnPets(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const key = nextKey();
    const response = await fetch(new URL('/v1/pets', o.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"name":"Bench A","categoryId":7,"status":"pending"}',
    });
    if (response.status !== 201) throw new Error(`making the patch scenario's pets: ${response.status} ${await response.text()}`);
    const pet = (await response.json()) as { id: number; version: number };
    idle.push({ id: pet.id, key, version: pet.version, name: 'Bench A' });
  }
}

/**
 * Before a run, the pets whose answers the last run cut off, back in the pool at the version they
 * have now (read after a pause that lets a PATCH still in flight land).
 */
async function settleBusyPets(): Promise<void> {
  if (busy.length === 0) return;
  await new Promise((done) => setTimeout(done, 200));
  for (const pet of busy.splice(0)) {
    const response = await fetch(new URL(`/v1/pets?id=${pet.id}`, o.url), { headers: { authorization: `Bearer ${pet.key}` } });
    const [current] = (await response.json()) as { version: number; name: string }[];
    if (current === undefined) throw new Error(`the patch scenario's pet ${pet.id} is gone`);
    idle.push({ ...pet, version: current.version, name: current.name });
  }
}

/** The flood401 scenario's keys: well formed, with valid checksums, issued by no one (made before the run). */
const unknownKeys = o.scenario === 'flood401' ? Array.from({ length: 10_000 }, () => composeKey('staging', newKeyBody())) : [];

const scenarios: Record<Scenario, () => Request> = {
  baseline: () => ({ method: 'GET', path: '/v1/pets' }),
  list20: () => ({
    method: 'GET',
    path: '/v1/pets?limit=20',
    setupRequest: (r: Request) => ({ ...r, headers: { authorization: `Bearer ${nextKey()}` } }),
  }),
  list20gzip: () => ({
    method: 'GET',
    path: '/v1/pets?limit=20',
    setupRequest: (r: Request) => ({ ...r, headers: { authorization: `Bearer ${nextKey()}`, 'accept-encoding': 'gzip' } }),
  }),
  list20fields: () => ({
    method: 'GET',
    path: '/v1/pets?limit=20&fields=name,species,breeds,ageGroup,location',
    setupRequest: (r: Request) => ({ ...r, headers: { authorization: `Bearer ${nextKey()}` } }),
  }),
  sold100: () => ({
    method: 'GET',
    path: '/v1/pets?status=sold&limit=100',
    setupRequest: (r: Request) => ({ ...r, headers: { authorization: `Bearer ${nextKey()}` } }),
  }),
  create: () => ({
    method: 'POST',
    path: '/v1/pets',
    setupRequest: (r: Request) => ({
      ...r,
      headers: { authorization: `Bearer ${nextKey()}`, 'content-type': 'application/json' },
      body: '{"name":"Bench","categoryId":7,"status":"pending"}',
    }),
  }),
  createFull: () => {
    const { location, ...record } = fullRecord(0);
    const body = JSON.stringify({
      name: 'Bench',
      categoryId: 7,
      status: 'pending',
      ...record,
      location: location && { postalCode: location.postalCode },
    });
    return {
      method: 'POST',
      path: '/v1/pets',
      setupRequest: (r: Request) => ({
        ...r,
        headers: { authorization: `Bearer ${nextKey()}`, 'content-type': 'application/json' },
        body,
      }),
    };
  },
  patch: () => ({
    method: 'PATCH',
    setupRequest: (r: Request) => {
      // None idle only when answers other than 200 kept theirs, or connections are being remade
      // as the server stops: a busy pet's request then gets 412, which the statuses show.
      const pet = idle.shift() ?? busy.at(0);
      if (pet === undefined) throw new Error('the patch scenario has no pets');
      if (!busy.includes(pet)) busy.push(pet);
      pet.name = pet.name === 'Bench A' ? 'Bench B' : 'Bench A';
      return {
        ...r,
        path: `/v1/pets/${pet.id}`,
        headers: { authorization: `Bearer ${pet.key}`, 'content-type': 'application/merge-patch+json', 'if-match': `"${pet.version}"` },
        body: JSON.stringify({ name: pet.name }),
      };
    },
    // Answers come back on other connections in any order: the pet is found by the id the answer
    // names. One that is not a 200 names none; its pet stays out of the pool (the statuses show it).
    onResponse: (status: number, body: string) => {
      if (status !== 200) return;
      const changed = JSON.parse(body) as { id: number; version: number };
      const at = busy.findIndex((held) => held.id === changed.id);
      if (at < 0) return;
      const [pet] = busy.splice(at, 1);
      if (pet === undefined) return;
      pet.version = changed.version;
      idle.push(pet);
    },
  }),
  getOne: () => ({
    method: 'GET',
    setupRequest: (r: Request) => ({ ...r, path: `/v1/pets/${1 + (n % o.pets)}`, headers: { authorization: `Bearer ${nextKey()}` } }),
  }),
  unauthorized: () => ({
    method: 'GET',
    path: '/v1/pets?limit=20',
    setupRequest: (r: Request) => ({
      ...r,
      headers: { authorization: 'Bearer not-a-valid-key-0000000000', 'x-forwarded-for': nextAddress() },
    }),
  }),
  limited: () => ({ method: 'GET', path: '/v1/pets?limit=20', headers: { authorization: `Bearer ${o.limitedKey}` } }),
  flood401: () => ({
    method: 'GET',
    path: '/v1/pets?limit=20',
    setupRequest: (r: Request) => ({
      ...r,
      headers: { authorization: `Bearer ${unknownKeys[n++ % unknownKeys.length] ?? ''}`, 'x-forwarded-for': '203.0.113.7' },
    }),
  }),
  searchNear: () => ({
    method: 'GET',
    setupRequest: (r: Request) => ({
      ...r,
      path: `/v1/pets?status=available&species=dog&goodWithChildren=true&near=${o.codes?.[n % (o.codes.length || 1)] ?? '10001'}&radius=25&sort=distance&limit=20`,
      headers: { authorization: `Bearer ${nextKey()}` },
    }),
  }),
  listPages: () => ({
    method: 'GET',
    setupRequest: (r: Request) => ({
      ...r,
      path: `/v1/pets?limit=20&cursor=${Buffer.from(`after:${1 + (n % PAGE_POSITIONS) * Math.floor(o.pets / PAGE_POSITIONS)}`).toString('base64url')}`,
      headers: { authorization: `Bearer ${nextKey()}` },
    }),
  }),
  searchNewest: () => ({
    method: 'GET',
    path: '/v1/pets?status=available&species=cat&ageGroup=young&sort=-publishedAt&limit=20',
    setupRequest: (r: Request) => ({ ...r, headers: { authorization: `Bearer ${nextKey()}` } }),
  }),
  photo: () => ({
    method: 'GET',
    path: o.path ?? '',
    // What Chromium sends for an <img>; the addresses spread the reads over the per-address quota, as a page's visitors do.
    setupRequest: (r: Request) => ({
      ...r,
      headers: { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'x-forwarded-for': nextAddress() },
    }),
  }),
  deepPage: () => ({
    method: 'GET',
    path: `/v1/pets?status=sold&limit=20&cursor=${o.cursor}`,
    setupRequest: (r: Request) => ({ ...r, headers: { authorization: `Bearer ${nextKey()}` } }),
  }),
};

/** Every response time of the measured run, in ms with autocannon's sub-millisecond precision. */
const times: number[] = [];

async function run(duration: number, record: boolean): Promise<autocannon.Result> {
  await settleBusyPets();
  return new Promise((resolve, reject) => {
    const options = { url: o.url, connections: o.connections, duration, requests: [scenarios[o.scenario]()] };
    const instance = autocannon(options, (error: unknown, result) =>
      error ? reject(error instanceof Error ? error : new Error('the load run failed')) : resolve(result),
    );
    if (record) instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

/** A percentile of the response times, to 0.1 ms (autocannon's own are whole milliseconds). */
const percentile = (share: number): number => {
  const sorted = times.sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN) * 10) / 10;
};

if (o.scenario === 'patch') await makeOwnPets(o.connections * 2);
if (o.warmup > 0) await run(o.warmup, false);
const r = await run(o.duration, true);
const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s?.count ?? 0]));
const result: LoadResult = {
  rps: r.requests.average,
  p50: percentile(0.5),
  p99: percentile(0.99),
  total: r.requests.total,
  bytesPerAnswer: r.requests.total === 0 ? 0 : Math.round(r.throughput.total / r.requests.total),
  errors: r.errors,
  timeouts: r.timeouts,
  statuses,
};
process.stdout.write(JSON.stringify(result));

// The load generator, in its own process: node dist-bench/bench/load.js '<json options>'; prints the result as JSON.
// Each request takes the next API key (and, for the 401 scenario, the next client address), so
// traffic is spread over many keys as real partners would send it.
import autocannon, { type Request } from 'autocannon';
import type { LoadOptions, LoadResult, Scenario } from './processes.js';

const o = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
let n = 0;
const nextKey = () => o.keys[n++ % o.keys.length] as string;
const nextAddress = () => {
  const i = n++ % 65_536;
  return `10.${o.addressSalt % 256}.${i >> 8}.${i & 255}`;
};

const scenarios: Record<Scenario, () => Request> = {
  baseline: () => ({ method: 'GET', path: '/v1/pets' }),
  list20: () => ({
    method: 'GET',
    path: '/v1/pets?limit=20',
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
  deepPage: () => ({
    method: 'GET',
    path: `/v1/pets?status=sold&limit=20&cursor=${o.cursor}`,
    setupRequest: (r: Request) => ({ ...r, headers: { authorization: `Bearer ${nextKey()}` } }),
  }),
};

async function run(duration: number) {
  return autocannon({
    url: o.url,
    connections: o.connections,
    duration,
    requests: [scenarios[o.scenario]()],
  });
}

if (o.warmup > 0) await run(o.warmup);
const r = await run(o.duration);
const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s?.count ?? 0]));
const result: LoadResult = {
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  total: r.requests.total,
  errors: r.errors,
  timeouts: r.timeouts,
  statuses,
};
process.stdout.write(JSON.stringify(result));

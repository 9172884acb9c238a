// npm run bench:side-by-side: CPU time per request of several servers measured at the same time.
// On a shared or noisy machine, throughput runs taken one after another differ by 10-20% from run to
// run; here every server runs at once on the server core (the kernel shares it between them) with its
// own load generator on the other core, and each server's CPU time is divided by the requests it
// answered, so whatever slows the machine slows all of them alike and the ratios hold. Absolute
// figures are higher than alone (the servers evict each other's caches); compare ratios.
//
// Servers: the serialising baseline, the reference (bench/server.js), the peer (what a Fastify user
// would write instead: Fastify, @fastify/rate-limit, keys in a Map, default request logging at info),
// and the service in memory at
// LOG_LEVEL=info and warn, for GET /v1/pets?limit=20 (SIDE_SCENARIO=create for POST /v1/pets: the
// baseline then answers a bare POST with the same 201, and the reference still answers its GET;
// SIDE_SCENARIO=patch for PATCH /v1/pets/{id}, each changing a pet its key made, with If-Match). SIDE_COMPARE=<path of another checkout,
// built with npm run build:bench> adds that checkout's service at info and warn, for before/after
// comparisons (a checkout from before the bench was TypeScript: built with npm run build).
// SIDE_REDIS_URL=<a Redis> runs the services with the Redis limiter instead of in memory.
// SIDE_TRACING=1 adds the service with OpenTelemetry tracing on at its defaults.
// SIDE_COMPARE_FLAGS adds Node flags to the compared checkout's servers (SIDE_COMPARE=. compares this
// build with and without them). SIDE_ROUNDS (4), SIDE_SECONDS (6), SIDE_WARMUP (5).
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  hasTaskset,
  pinned,
  pinSelf,
  readyPort,
  SCRIPTS_DIR,
  benchKeys,
  LIMITED_KEY,
  type Child,
  type LoadOptions,
  type LoadResult,
  type Scenario,
  type ServerOptions,
} from './processes.js';

interface Server {
  readonly name: string;
  readonly child: Child;
  readonly url: string;
  readonly load: Scenario;
  readonly perRequestUs: number[];
}

const scenario = (process.env.SIDE_SCENARIO ?? 'list20') as Scenario;
const rounds = Number(process.env.SIDE_ROUNDS ?? 4);
const seconds = Number(process.env.SIDE_SECONDS ?? 6);
const warmup = Number(process.env.SIDE_WARMUP ?? 5);
const keys = benchKeys(1000);
const limitedKey = LIMITED_KEY;
if (!hasTaskset)
  process.stderr.write('taskset is not available: servers and load generators share every core, and the ratios are rougher\n');
// This process drains the servers' log pipes: it runs on the load generators' core.
pinSelf('1');

/** CPU time (user + system, all threads) of a process, in clock ticks of 10 ms. */
const cpuTicks = (pid: number | undefined): number => {
  const fields = (readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

async function start(name: string, serverJs: string, options: ServerOptions, load: Scenario, nodeFlags: string[] = []): Promise<Server> {
  const child = pinned('0', [...nodeFlags, serverJs, JSON.stringify({ keys, limitedKey, pets: 1000, ...options })]);
  const port = await readyPort(child, name);
  return { name, child, url: `http://127.0.0.1:${port}`, load, perRequestUs: [] };
}

function load(server: Server, duration: number): Promise<LoadResult> {
  const options: LoadOptions = {
    url: server.url,
    scenario: server.load,
    keys,
    limitedKey,
    pets: 1000,
    connections: 16,
    duration,
    warmup: 0,
    addressSalt: 0,
  };
  const child = pinned('1', [`${SCRIPTS_DIR}load.js`, JSON.stringify(options)]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load generator failed for ${server.name}`)),
    ),
  );
}

const service = `${SCRIPTS_DIR}server.js`;
// SIDE_REDIS_URL=redis://...: the services decide rate limits on that Redis (as the bench's redis rows do).
const redisUrl = process.env.SIDE_REDIS_URL;
const adapters: ServerOptions = redisUrl ? { variant: 'redis', redisUrl } : { variant: 'memory' };
const kind = redisUrl ? 'redis' : 'memory';
const specs: [string, string, ServerOptions, Scenario, string[]?][] = [
  // For create, the baseline is a bare POST answering the same 201 (bench/server.ts); else the bare list.
  ['baseline', service, { variant: 'baseline' }, scenario === 'create' ? 'create' : 'baseline'],
  ['reference', service, { variant: 'reference' }, 'list20'],
  [`${kind}, info`, service, { ...adapters, logLevel: 'info' }, scenario],
  [`${kind}, warn`, service, { ...adapters, logLevel: 'warn' }, scenario],
];
// What a Fastify user would write instead: @fastify/rate-limit (its Redis store with SIDE_REDIS_URL),
// keys in a Map, default logging. It has no PATCH.
if (scenario !== 'patch') {
  specs.splice(2, 0, [`peer, ${kind}`, service, { variant: 'peer', logLevel: 'info', ...(redisUrl && { redisUrl }) }, scenario]);
}
// SIDE_ACCESS_LINE=1: where the access line's time goes. The service at warn, beside it with one line
// per response written in each way bench/server.ts's accessLine option names.
if (process.env.SIDE_ACCESS_LINE) {
  specs.splice(1, specs.length - 1, [`${kind}, warn`, service, { ...adapters, logLevel: 'warn' }, scenario]);
  for (const way of ['object', 'message', 'hand', 'chunked', 'dropped'] as const) {
    specs.push([`${kind}, warn + line ${way}`, service, { ...adapters, logLevel: 'warn', accessLine: way }, scenario]);
  }
}
// SIDE_TRACING=1: the service with OpenTelemetry on at its defaults (parent-based, 1% of new traces),
// exporting over OTLP/HTTP to a sink in this process (off the server core).
if (process.env.SIDE_TRACING) {
  const sink = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  sink.listen(0, '127.0.0.1');
  await once(sink, 'listening');
  sink.unref();
  const env = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}` };
  specs.push([`${kind}, info, traced`, service, { ...adapters, logLevel: 'info', env }, scenario]);
}
if (process.env.SIDE_COMPARE) {
  const checkout = process.env.SIDE_COMPARE.replace(/\/$/, '');
  const compiled = `${checkout}/dist-bench/bench/server.js`;
  const other = existsSync(compiled) ? compiled : `${checkout}/bench/server.js`;
  // SIDE_COMPARE_FLAGS="--max-semi-space-size=16": Node flags for the compared checkout (which may be this one).
  const flags = process.env.SIDE_COMPARE_FLAGS?.split(' ').filter(Boolean) ?? [];
  specs.push(
    ['compared, info', other, { ...adapters, logLevel: 'info' }, scenario, flags],
    ['compared, warn', other, { ...adapters, logLevel: 'warn' }, scenario, flags],
  );
}
const servers: Server[] = [];
for (const [name, serverJs, options, scenarioName, flags] of specs) servers.push(await start(name, serverJs, options, scenarioName, flags));
try {
  await Promise.all(servers.map((s) => load(s, warmup)));
  for (let round = 1; round <= rounds; round++) {
    const before = servers.map((s) => cpuTicks(s.child.pid));
    const results = await Promise.all(servers.map((s) => load(s, seconds)));
    servers.forEach((s, i) => {
      const result = results[i] as LoadResult;
      const unexpected = Object.keys(result.statuses).filter((code) => !code.startsWith('2'));
      if (unexpected.length > 0) throw new Error(`${s.name} answered ${JSON.stringify(result.statuses)}`);
      s.perRequestUs.push(((cpuTicks(s.child.pid) - (before[i] ?? 0)) * 10_000) / result.total);
    });
    process.stderr.write(
      `round ${round}/${rounds}: ${servers.map((s) => `${s.name} ${(s.perRequestUs.at(-1) ?? 0).toFixed(1)} µs`).join(', ')}\n`,
    );
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
const baseline = median(servers[0]?.perRequestUs ?? []);
process.stdout.write(
  `\n${servers.length} servers side by side on one core, ${scenario}, ${rounds} rounds × ${seconds} s; medians\n\n| server | CPU µs per request | share of the baseline's requests per CPU second |\n|---|---:|---:|\n`,
);
for (const s of servers) {
  const us = median(s.perRequestUs);
  process.stdout.write(`| ${s.name} | ${us.toFixed(1)} | ${Math.round((baseline / us) * 100)}% |\n`);
}

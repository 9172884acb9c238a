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
// SIDE_SCENARIO=patch for PATCH /v1/pets/{id}, each changing a pet its key made, with If-Match;
// SIDE_SCENARIO=searchNear for bench/search.ts's search near a shelter, over its 10,000 animals, SIDE_PETS
// others; listPages for a page of 20 at 2,000 positions of that world, a different page each request). SIDE_COMPARE=<path of another checkout,
// built with npm run build:bench> adds that checkout's service at info and warn, for before/after
// comparisons (a checkout from before the bench was TypeScript: built with npm run build), and
// "compared, baseline", that checkout's own floor (its bare Fastify sending its own answer), which
// runs only when SIDE_ONLY names it: with both floors in a run, the table gives each service's share
// of the floor that sends its own bytes, the figure the bench's tables give a build.
// SIDE_REDIS_URL=<a Redis> runs the services with the Redis limiter instead of in memory;
// SIDE_REDIS_URL=local gives each server (services and peer) a redis-server of its own, and the table
// then says how many Redis commands each server sent per 1,000 refused requests (INFO commandstats).
// Floods (SIDE_SCENARIO): flood429 (one key over its minute limit on every connection; bans on with a
// threshold never reached, so every refusal is a strike), banned (that key banned first, threshold
// 10), flood401 (a new well-formed, never issued key on every request, all from one client address),
// mixed (list20 on 8 connections while the limited key floods on 8 more; odd rounds list20 alone,
// for the admitted traffic's p99 with and without the flood; the flood's generator runs at the lowest
// CPU priority, so that it takes no CPU from Redis or the admitted clients on their core, unless
// SIDE_FLOOD_NICE=0; the table gives both traffics' rates).
// photo (SIDE_SCENARIO=photo): a photo's medium variant as a browser's <img> asks for it (no key,
// Accept naming WebP, each request from another address), against the floor of bare Fastify with
// @fastify/static sending the same bytes from a file; the photo is uploaded to each service first.
// SIDE_TRACING=1 adds the service with OpenTelemetry tracing on at its defaults.
// SIDE_ONLY (see below) keeps some servers only. The services run with their checkout's npm start
// Node flags; SIDE_FLAGS and SIDE_COMPARE_FLAGS set others (SIDE_COMPARE=. with either compares this
// build with and without a flag). SIDE_ROUNDS (4), SIDE_SECONDS (6), SIDE_WARMUP (5).
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
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
  startLocalRedis,
  REPO_DIR,
  redisCommandCount,
} from './processes.js';
import { startFlags } from './start-flags.js';
import { SEARCH_SHELTERS, shelterCodes } from './records.js';

interface Server {
  readonly name: string;
  readonly child: Child;
  readonly url: string;
  readonly load: Scenario;
  readonly perRequestUs: number[];
  /** Its own Redis (SIDE_REDIS_URL=local), whose commands are counted. */
  readonly redisUrl: string | null;
  /** Redis commands per refused request, per round. */
  readonly commandsPerRefusal: number[];
  /** mixed: the admitted traffic's p99 (ms) with the flood, and alone. */
  readonly p99Flooded: number[];
  readonly p99Alone: number[];
  /** mixed: the admitted traffic's requests per second alone and flooded, and the flood's. */
  readonly rpsAlone: number[];
  readonly rpsFlooded: number[];
  readonly rpsFlood: number[];
  /** The photo scenario's path on this server, once the photo is there. */
  path?: string;
}

type SideScenario =
  | 'list20'
  | 'list20fields'
  | 'create'
  | 'createFull'
  | 'patch'
  | 'searchNear'
  | 'listPages'
  | 'flood429'
  | 'banned'
  | 'flood401'
  | 'mixed'
  | 'photo';
const scenario = (process.env.SIDE_SCENARIO ?? 'list20') as SideScenario;
const FLOODS: readonly SideScenario[] = ['flood429', 'banned', 'flood401', 'mixed'];
const flood = FLOODS.includes(scenario);
/** What the load generators send to the services (mixed: the admitted part; the flood is 'limited'). */
const serviceLoad: Scenario =
  scenario === 'flood429' || scenario === 'banned'
    ? 'limited'
    : scenario === 'flood401'
      ? 'flood401'
      : scenario === 'mixed'
        ? 'list20'
        : scenario;
/** Answers each scenario expects; any other fails the run. */
const EXPECTED: Record<SideScenario, readonly string[]> = {
  list20: ['200'],
  list20fields: ['200'],
  create: ['201'],
  createFull: ['201'],
  patch: ['200'],
  searchNear: ['200'],
  listPages: ['200'],
  // The limited key's first requests leave the minute after a minute: a few are admitted then.
  flood429: ['429', '200'],
  banned: ['429'],
  flood401: ['401', '429'],
  mixed: ['200', '429'],
  photo: ['200'],
};
/** Bans on for every flood, at a threshold a flood429 never reaches (every refusal is still a strike). */
const floodEnv: Record<string, string> = flood ? { RATE_LIMIT_BAN_THRESHOLD: scenario === 'banned' ? '10' : '1000000000' } : {};
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

/** Peak resident set of a process (VmHWM), in MiB. */
const peakResidentMiB = (pid: number | undefined): number => {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  return Number(line?.[1] ?? NaN) / 1024;
};
const ownRedis = process.env.SIDE_REDIS_URL === 'local';
const stops: (() => Promise<void>)[] = [];

async function start(name: string, serverJs: string, options: ServerOptions, load: Scenario, nodeFlags: string[] = []): Promise<Server> {
  let redisUrl: string | null = null;
  let serverOptions = options;
  if (ownRedis && (options.variant === 'redis' || options.variant === 'peer')) {
    // Its own Redis on the load generators' core, as another machine would be.
    const redis = await startLocalRedis('1');
    if (redis === null) throw new Error('SIDE_REDIS_URL=local needs redis-server on PATH');
    stops.push(redis.stop);
    redisUrl = redis.url;
    serverOptions = { ...options, redisUrl };
  }
  if (flood && options.variant !== 'peer' && !options.variant.startsWith('baseline') && options.variant !== 'reference') {
    serverOptions = { ...serverOptions, env: { ...serverOptions.env, ...floodEnv } };
  }
  const child = pinned('0', [...nodeFlags, serverJs, JSON.stringify({ keys, limitedKey, pets: 1000, ...serverOptions })]);
  const port = await readyPort(child, name);
  const server: Server = {
    name,
    child,
    url: `http://127.0.0.1:${port}`,
    load,
    perRequestUs: [],
    redisUrl,
    commandsPerRefusal: [],
    p99Flooded: [],
    p99Alone: [],
    rpsAlone: [],
    rpsFlooded: [],
    rpsFlood: [],
  };
  // Floods of the limited key start once it is spent (and, for banned, banned).
  if (flood && scenario !== 'flood401') {
    const spend = 60 + (scenario === 'banned' ? 10 : 0);
    for (let i = 0; i < spend; i++) await fetch(`${server.url}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${limitedKey}` } });
  }
  return server;
}

function load(server: Server, duration: number, scenarioName: Scenario = server.load, connections = 16): Promise<LoadResult> {
  const options: LoadOptions = {
    url: server.url,
    scenario: scenarioName,
    keys,
    limitedKey,
    pets: searchWorld.pets ?? 1000,
    connections,
    duration,
    warmup: 0,
    addressSalt: 0,
    ...(server.path !== undefined && { path: server.path }),
    ...(scenarioName === 'searchNear' && { codes: searchCodes }),
  };
  const child = pinned('1', [`${SCRIPTS_DIR}load.js`, JSON.stringify(options)]);
  // mixed: the flooding client's generator yields the load core to Redis and to the admitted clients'
  // generator (renice 19), as a client on another machine would; SIDE_FLOOD_NICE=0 keeps it level.
  if (scenario === 'mixed' && scenarioName === 'limited' && process.env.SIDE_FLOOD_NICE !== '0' && child.pid) {
    const reniced = spawnSync('renice', ['-n', '19', '-p', String(child.pid)]);
    if (reniced.status !== 0) process.stderr.write("renice failed: the flood's generator competes with Redis and the admitted clients\n");
  }
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
// SIDE_FULL_RECORDS=1: every seeded pet carries a full record (a build from before the record seeds the seed's fields).
const fullRecords = process.env.SIDE_FULL_RECORDS === '1';
// searchNear and listPages: the services hold the search bench's world (bench/search.ts): SIDE_PETS
// (10,000) animals of 2,000 shelters.
const inSearchWorld = scenario === 'searchNear' || scenario === 'listPages';
const searchWorld: { pets?: number; shelters?: number } = inSearchWorld
  ? { pets: Number(process.env.SIDE_PETS ?? 10_000), shelters: SEARCH_SHELTERS }
  : {};
const searchCodes = scenario === 'searchNear' ? shelterCodes(SEARCH_SHELTERS) : [];
const adapters: ServerOptions = {
  ...(redisUrl ? { variant: 'redis' as const, ...(!ownRedis && { redisUrl }) } : { variant: 'memory' as const }),
  ...(fullRecords && { fullRecords }),
  ...searchWorld,
};
const kind = redisUrl ? 'redis' : 'memory';
// The service slots run with npm start's Node flags, the compared checkout's with its own.
// SIDE_FLAGS="--max-semi-space-size=64" sets others for this build's service slots ("" none), and
// SIDE_COMPARE_FLAGS for the compared checkout's, so that a flag can be measured in both slot orders.
const serviceFlags = process.env.SIDE_FLAGS?.split(' ').filter(Boolean) ?? startFlags(REPO_DIR);
// For create, the baseline is a bare POST answering the same 201 (bench/server.ts); else the bare list.
const baselineLoad: Scenario = scenario === 'create' || scenario === 'createFull' ? 'create' : 'baseline';
const specs: [string, string, ServerOptions, Scenario, string[]?][] = [
  ['baseline', service, { variant: 'baseline' }, baselineLoad],
  ['reference', service, { variant: 'reference' }, 'list20'],
  [`${kind}, info`, service, { ...adapters, logLevel: 'info' }, serviceLoad, serviceFlags],
  [`${kind}, warn`, service, { ...adapters, logLevel: 'warn' }, serviceLoad, serviceFlags],
];
// A flood's floor: bare Fastify answering the service's 429 from its first hook, without a decision.
if (flood && scenario !== 'mixed') specs.splice(1, 0, ['baseline, refusal', service, { variant: 'baseline-refusal' }, serviceLoad]);
// What a Fastify user would write instead: @fastify/rate-limit (its Redis store with SIDE_REDIS_URL),
// keys in a Map, default logging. It has no PATCH and no search.
if (scenario !== 'patch' && !inSearchWorld) {
  specs.splice(2, 0, [
    `peer, ${kind}`,
    service,
    { variant: 'peer', logLevel: 'info', ...(redisUrl && !ownRedis && { redisUrl }) },
    serviceLoad,
  ]);
}
// SIDE_ACCESS_LINE=1: where the access line's time goes. The service at warn, beside it with one line
// per response written in each way bench/server.ts's accessLine option names.
if (process.env.SIDE_ACCESS_LINE) {
  specs.splice(1, specs.length - 1, [`${kind}, warn`, service, { ...adapters, logLevel: 'warn' }, serviceLoad]);
  for (const way of ['object', 'message', 'hand', 'chunked', 'dropped'] as const) {
    specs.push([`${kind}, warn + line ${way}`, service, { ...adapters, logLevel: 'warn', accessLine: way }, serviceLoad]);
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
  specs.push([`${kind}, info, traced`, service, { ...adapters, logLevel: 'info', env }, serviceLoad]);
}
if (process.env.SIDE_COMPARE) {
  const checkout = process.env.SIDE_COMPARE.replace(/\/$/, '');
  const compiled = `${checkout}/dist-bench/bench/server.js`;
  const other = existsSync(compiled) ? compiled : `${checkout}/bench/server.js`;
  const flags = process.env.SIDE_COMPARE_FLAGS?.split(' ').filter(Boolean) ?? startFlags(checkout);
  // SIDE_COMPARE_LOAD=list20: what the compared checkout is sent, when it lacks the scenario's request
  // (fields=, a full record) or to set a request beside its variant on one build.
  const comparedLoad = (process.env.SIDE_COMPARE_LOAD as Scenario | undefined) ?? serviceLoad;
  specs.push(
    ['compared, info', other, { ...adapters, logLevel: 'info' }, comparedLoad, flags],
    ['compared, warn', other, { ...adapters, logLevel: 'warn' }, comparedLoad, flags],
    // That checkout's own floor: its bare Fastify answering with its service's bytes (its page, its
    // 201), so that each build's share of the floor sending what it sends can be compared, as the
    // bench's tables give it. Kept only when SIDE_ONLY names it.
    ['compared, baseline', other, { variant: 'baseline' }, baselineLoad],
  );
}
// photo: the floor (static files) first, then the services; no reference or peer (they have no photos).
const photoDir = scenario === 'photo' ? mkdtempSync(join(tmpdir(), 'photo-floor-')) : null;
if (photoDir !== null) {
  specs.splice(
    0,
    specs.length,
    ['static', service, { variant: 'static', staticDir: photoDir }, 'photo'],
    ...specs.filter(([name]) => name.startsWith(kind)),
  );
}
// SIDE_ONLY="baseline;redis, warn": only the servers named, started in the order named (the first is
// the one shares are given against), e.g. for latencies that the other servers' load on the same core
// would drown, or for both slot orders of two builds ("memory, info;compared, info" and the reverse).
const only = process.env.SIDE_ONLY?.split(';');
const unknown = only?.filter((name) => !specs.some(([spec]) => spec === name)) ?? [];
if (unknown.length > 0)
  throw new Error(`SIDE_ONLY names no server: ${unknown.join(', ')} (servers: ${specs.map(([name]) => name).join('; ')})`);
const servers: Server[] = [];
for (const [name, serverJs, options, scenarioName, flags] of only === undefined
  ? specs.filter(([name]) => name !== 'compared, baseline')
  : only.map((name) => specs.find(([spec]) => spec === name) as (typeof specs)[number])) {
  servers.push(await start(name, serverJs, options, scenarioName, flags));
}
/**
 * The photo scenario's photo: a 1,600 x 1,200 JPEG with blocks of noise on a gradient uploaded to an animal of each
 * service, and its medium WebP variant, as the first service serves it, written where the floor
 * serves it from, at the same path.
 */
async function seedPhoto(): Promise<void> {
  if (photoDir === null) return;
  const [width, height] = [1_600, 1_200];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        // A gradient with noise in 4-pixel blocks on it: detail that the medium size (600 px) keeps, as a photo's.
        const block = Math.imul((x >> 2) * 7_919 + (y >> 2) * 104_729 + c, 2_654_435_761) >>> 26;
        pixels[(y * width + x) * 3 + c] = (x >> 3) + block;
      }
    }
  }
  const image = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const headers = { authorization: `Bearer ${keys[0] ?? ''}` };
  let served: { path: string; bytes: Buffer } | null = null;
  for (const server of servers.filter((s) => s.load === 'photo' && s.name !== 'static')) {
    const pet = await fetch(`${server.url}/v1/pets`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"name":"Bench","categoryId":7}',
    });
    const { id } = (await pet.json()) as { id: number };
    const uploaded = await fetch(`${server.url}/v1/pets/${id}/photos`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: image,
    });
    if (uploaded.status !== 201) throw new Error(`uploading the photo to ${server.name}: ${uploaded.status} ${await uploaded.text()}`);
    const path = ((await uploaded.json()) as { photos: { urls: { medium: string } }[] }).photos[0]?.urls.medium ?? '';
    server.path = path;
    const variant = await fetch(`${server.url}${path}`, { headers: { accept: 'image/webp' } });
    served ??= { path, bytes: Buffer.from(await variant.arrayBuffer()) };
  }
  if (served === null) throw new Error('no service to upload the photo to');
  const file = join(photoDir, served.path.replace(/^\/v1\/photos\//, ''));
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, served.bytes);
  for (const server of servers) if (server.name === 'static') server.path = served.path;
  process.stderr.write(`photo: ${served.path}, ${served.bytes.length} bytes of WebP (medium)\n`);
}
await seedPhoto();

/** One round of a server's load: mixed sends the admitted traffic and the flood at once (or, alone, the admitted part only). */
async function round(server: Server, duration: number, floodToo: boolean): Promise<LoadResult[]> {
  if (scenario !== 'mixed' || server.load !== 'list20' || server.name === 'reference') return [await load(server, duration)];
  if (!floodToo) return [await load(server, duration, 'list20', 8)];
  return Promise.all([load(server, duration, 'list20', 8), load(server, duration, 'limited', 8)]);
}

const peaks = new Map<Server, number>();
try {
  await Promise.all(servers.map((s) => round(s, warmup, true)));
  for (let r = 1; r <= rounds; r++) {
    // mixed: even rounds with the flood, odd ones without (the admitted traffic's p99 alone).
    const floodToo = scenario !== 'mixed' || r % 2 === 0;
    const before = servers.map((s) => cpuTicks(s.child.pid));
    const commandsBefore = await Promise.all(servers.map((s) => (s.redisUrl ? redisCommandCount(s.redisUrl) : Promise.resolve(0))));
    const results = await Promise.all(servers.map((s) => round(s, seconds, floodToo)));
    const commandsAfter = await Promise.all(servers.map((s) => (s.redisUrl ? redisCommandCount(s.redisUrl) : Promise.resolve(0))));
    servers.forEach((s, i) => {
      const parts = results[i] as LoadResult[];
      const total = parts.reduce((sum, p) => sum + p.total, 0);
      for (const part of parts) {
        const allowed =
          s.name === 'baseline' || s.name === 'compared, baseline' || s.name === 'reference' || s.name === 'static'
            ? ['200', '201']
            : s.name === 'baseline, refusal'
              ? ['429']
              : // The peer has no bans: its limit admits the banned key's 60 again each minute.
                s.name.startsWith('peer') && scenario === 'banned'
                ? ['429', '200']
                : EXPECTED[scenario];
        const unexpected = Object.keys(part.statuses).filter((code) => !allowed.includes(code));
        if (unexpected.length > 0) throw new Error(`${s.name} answered ${JSON.stringify(part.statuses)}`);
      }
      s.perRequestUs.push(((cpuTicks(s.child.pid) - (before[i] ?? 0)) * 10_000) / total);
      const refused = parts.reduce((sum, p) => sum + (p.statuses['429'] ?? 0) + (p.statuses['401'] ?? 0), 0);
      if (s.redisUrl && refused > 0 && floodToo) s.commandsPerRefusal.push(((commandsAfter[i] ?? 0) - (commandsBefore[i] ?? 0)) / refused);
      if (scenario === 'mixed' && parts[0]) {
        (floodToo ? s.p99Flooded : s.p99Alone).push(parts[0].p99);
        (floodToo ? s.rpsFlooded : s.rpsAlone).push(parts[0].rps);
        if (parts[1]) s.rpsFlood.push(parts[1].rps);
      }
    });
    process.stderr.write(
      `round ${r}/${rounds}: ${servers.map((s) => `${s.name} ${(s.perRequestUs.at(-1) ?? 0).toFixed(1)} µs`).join(', ')}\n`,
    );
  }
} finally {
  for (const s of servers) peaks.set(s, peakResidentMiB(s.child.pid));
  // Each server closes before its Redis stops: a Redis gone first fails the server's close.
  const exited = servers.map((s) =>
    s.child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => s.child.once('exit', resolve)),
  );
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(exited);
  for (const stop of stops) await stop();
  if (photoDir !== null) rmSync(photoDir, { recursive: true, force: true });
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
const baseline = median(servers[0]?.perRequestUs ?? []);
// With both floors in the run: each service's share of the floor that sends its own bytes (this
// build's baseline, or the compared checkout's for its slots).
const floors = new Map(
  ['baseline', 'compared, baseline'].map((name) => [name, median(servers.find((s) => s.name === name)?.perRequestUs ?? [])]),
);
const ownFloors = servers.some((s) => s.name === 'compared, baseline') && servers.some((s) => s.name === 'baseline');
const floorOf = (s: Server): number => floors.get(s.name.startsWith('compared') ? 'compared, baseline' : 'baseline') ?? NaN;
const extra = (s: Server): string[] => [
  ...(ownFloors ? [`${Math.round((floorOf(s) / median(s.perRequestUs)) * 100)}%`] : []),
  (peaks.get(s) ?? NaN).toFixed(1),
  ...(ownRedis && flood ? [s.commandsPerRefusal.length > 0 ? (median(s.commandsPerRefusal) * 1000).toFixed(1) : '–'] : []),
  ...(scenario === 'mixed'
    ? [
        s.p99Alone.length > 0 ? `${median(s.p99Alone)} → ${median(s.p99Flooded)}` : '–',
        s.rpsAlone.length > 0 ? `${Math.round(median(s.rpsAlone))} → ${Math.round(median(s.rpsFlooded))}` : '–',
        s.rpsFlood.length > 0 ? `${Math.round(median(s.rpsFlood))}` : '–',
      ]
    : []),
];
const extraHeads = [
  ...(ownFloors ? ['share of its own floor'] : []),
  'peak resident set, MiB',
  ...(ownRedis && flood ? ['Redis commands per 1,000 refusals'] : []),
  ...(scenario === 'mixed' ? ['admitted p99 ms, alone → flooded', 'admitted requests/s, alone → flooded', 'flood requests/s'] : []),
];
process.stdout.write(
  `\n${servers.length} servers side by side on one core, ${scenario}, ${rounds} rounds × ${seconds} s; medians\n\n| server | CPU µs per request | share of the baseline's requests per CPU second |${extraHeads.map((h) => ` ${h} |`).join('')}\n|---|---:|---:|${extraHeads.map(() => '---:|').join('')}\n`,
);
for (const s of servers) {
  const us = median(s.perRequestUs);
  process.stdout.write(
    `| ${s.name} | ${us.toFixed(1)} | ${Math.round((baseline / us) * 100)}% |${extra(s)
      .map((x) => ` ${x} |`)
      .join('')}\n`,
  );
}

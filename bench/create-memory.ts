// npm run bench:create-memory: the resident set of the service on npm start's in-memory set over
// CREATE_COUNT creates (default 1,000,000) through its HTTP stack (inject: the same routes, hooks,
// admission, use cases and stores, no sockets), sampled every CREATE_SAMPLE creates after a full
// collection, against what the animals alone take (the same animals added straight to a memory
// store, in another process run first: CREATE_MEMORY_PETS_ONLY=1). CREATE_OVER=socket sends the
// creates over loopback HTTP instead (16 keep-alive connections) to the service listening in a child
// process, which samples its own memory when asked between batches; with CREATE_CRAWL=1 it then
// reads every animal once, a page of 100 at a time, and prints what that added. Prints CSV lines (creates, then
// the resident set, heap used, heap total and external memory in MiB) then a summary. Logs are off (LOG_LEVEL=silent): a log line is written,
// not kept, so it holds no memory. The animals alone and CREATE_OVER=socket also print, at the start
// and at the end, V8's heap by space and the resident set by kind of mapping; CREATE_SNAPSHOT=<file>
// (with CREATE_OVER=socket) writes the server's heap snapshot at the end. CREATE_RELEASE=1 samples
// after V8's last-resort collection (settle, below); CREATE_IDLE_SECONDS=n samples once more after the
// server has been idle n seconds.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { getHeapSpaceStatistics, writeHeapSnapshot, type HeapSpaceInfo } from 'node:v8';
import { MemoryPetRepository } from '../src/adapters/adoption/memory/memory-pet-repository.js';
import { createApp } from '../src/config/create-app.js';
import { loadConfig } from '../src/config/env.js';
import { newPetDraft } from '../src/domain/adoption/pet.js';
import { instantOf } from '../src/domain/shared/instant.js';
import { REPO_DIR } from './processes.js';
import { startFlags } from './start-flags.js';

const count = Number(process.env.CREATE_COUNT ?? 1_000_000);
const every = Number(process.env.CREATE_SAMPLE ?? 50_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:create-memory does)');
const mib = (bytes: number) => bytes / 1_048_576;

/**
 * Memory after full collections. CREATE_RELEASE=1 asks for V8's last-resort collection instead (what
 * it does under memory pressure): it compacts the old space and gives back the young generation and
 * the free pages it keeps for the next allocations, so what is left is what the process holds.
 */
const release = process.env.CREATE_RELEASE === '1';
function settle(): NodeJS.MemoryUsage {
  if (release) (gc as unknown as (options: object) => void)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  else for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage();
}

if (process.env.CREATE_MEMORY_PETS_ONLY === '1') {
  // The animals alone, as the create stores them (the fields a create of { name, categoryId } makes).
  // Each is created at a moment of its own, as animals created over time are: its own instant text
  // (instantOf shares one only within a millisecond). CREATE_MEMORY_PER_MS=n makes n in each
  // millisecond, as a load of n creates a millisecond does; CREATE_MEMORY_SHARED_INSTANT=1 gives
  // them all one, as the runs before 28 November 2026 did.
  const before = settle();
  console.log(`at the start: ${memoryLayout(getHeapSpaceStatistics(), residentByMapping())}`);
  const store = new MemoryPetRepository();
  const perMs = Number(process.env.CREATE_MEMORY_PER_MS ?? 1);
  const startMs = Date.now() - Math.ceil(count / perMs);
  const sharedInstant = process.env.CREATE_MEMORY_SHARED_INSTANT === '1' ? instantOf(startMs) : null;
  for (let i = 0; i < count; i++) {
    const createdAt = sharedInstant ?? instantOf(startMs + Math.floor(i / perMs));
    await store.add(newPetDraft({ name: `Pet ${i}`, categoryId: 1 + (i % 50), status: 'available' }, 'acct_bench', createdAt), () => []);
  }
  const after = settle();
  console.log(`at the end: ${memoryLayout(getHeapSpaceStatistics(), residentByMapping())}`);
  // Read the store after measuring, so that it is alive when measured.
  const last = await store.findById(count);
  console.log(
    `pets_only,${count},${mib(after.rss - before.rss).toFixed(1)},${mib(after.heapUsed - before.heapUsed).toFixed(1)},${last?.name ?? 'missing'}`,
  );
  process.exit(0);
}

const row = (creates: number, usage: NodeJS.MemoryUsage) =>
  [creates, usage.rss, usage.heapUsed, usage.heapTotal, usage.external].map((v, i) => (i === 0 ? v : mib(v).toFixed(1))).join(',');
/** The last line: what was sent, how long it took, and the memory it added. */
function summary(how: string, what: string, seconds: number, start: NodeJS.MemoryUsage, end: NodeJS.MemoryUsage): void {
  console.log(
    `summary (${how}): ${what} in ${seconds.toFixed(0)} s; resident set ${mib(start.rss).toFixed(1)} MiB at start, ` +
      `${mib(end.rss).toFixed(1)} after (+${mib(end.rss - start.rss).toFixed(1)}); heap +${mib(end.heapUsed - start.heapUsed).toFixed(1)} MiB`,
  );
}
const payload = (i: number) => `{"name":"Pet ${i}","categoryId":${1 + (i % 50)}}`;

/** The service as npm start builds it, logs off, with a key whose limits no run reaches. */
async function service() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const app = await createApp(config);
  await app.http.ready();
  const { key } = await app.keys.issue({
    name: 'bench',
    plan: 'enterprise',
    ownerId: 'acct_bench',
    customLimits: { perMinute: 1_000_000_000, perDay: 1_000_000_000 },
  });
  return { app, key };
}

/**
 * Where the process's resident set is, by the kind of mapping (/proc/self/smaps), in MiB: V8's heap
 * pages (anonymous mappings of 256 KiB each: new, old, code and large-object spaces map larger ones),
 * glibc's main heap, other anonymous memory (large objects, glibc's thread arenas, buffers, stacks)
 * and files (the node binary, libraries).
 */
function residentByMapping(): Record<string, number> {
  const kinds: Record<string, number> = { 'V8 pages of 256 KiB': 0, 'malloc heap': 0, 'other anonymous': 0, files: 0 };
  let path = '';
  let size = 0;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) path = header[1] ?? '';
    else if (line.startsWith('Size:')) size = Number(/(\d+)/.exec(line)?.[1] ?? 0);
    else if (line.startsWith('Rss:')) {
      const kind =
        path === '[heap]'
          ? 'malloc heap'
          : path.startsWith('/')
            ? 'files'
            : path === '' && size === 256
              ? 'V8 pages of 256 KiB'
              : 'other anonymous';
      kinds[kind] = (kinds[kind] ?? 0) + Number(/(\d+)/.exec(line)?.[1] ?? 0) / 1024;
    }
  }
  return kinds;
}

/** Heap spaces (committed / used) and the resident set by mapping, in MiB, on one line. */
function memoryLayout(spaces: readonly HeapSpaceInfo[], mappings: Record<string, number>): string {
  const heap = spaces
    .filter((space) => space.space_size > 0)
    .map((space) => `${space.space_name} ${mib(space.space_size).toFixed(1)} / ${mib(space.space_used_size).toFixed(1)}`)
    .join(', ');
  const resident = Object.entries(mappings)
    .map(([kind, value]) => `${kind} ${value.toFixed(1)}`)
    .join(', ');
  const committed = mib(spaces.reduce((sum, space) => sum + space.space_size, 0)).toFixed(1);
  return `heap spaces (committed / used MiB): ${heap}; resident set by mapping (MiB): ${resident}; V8 heap committed ${committed}`;
}

if (process.env.CREATE_ROLE === 'server') {
  // The child of CREATE_OVER=socket: listens on loopback, and samples its memory when asked.
  const { app, key } = await service();
  await app.http.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.http.server.address() as { port: number };
  process.on('message', (message) => {
    if (message === 'sample') process.send?.(settle());
    // Where V8's committed heap is, space by space: what it holds beyond what is used.
    if (message === 'spaces') process.send?.(getHeapSpaceStatistics());
    if (message === 'mappings') process.send?.(residentByMapping());
    // CPU time (user + system, µs) so far: what the traffic cost the server, whatever else ran.
    if (message === 'cpu') process.send?.(process.cpuUsage());
    // CREATE_SNAPSHOT=<file>: a heap snapshot at the end, to read in Chrome DevTools (Memory).
    if (message === 'snapshot') process.send?.(writeHeapSnapshot(process.env.CREATE_SNAPSHOT));
    if (message === 'stop') void app.http.close().then(() => process.exit(0));
  });
  // A key over its limit after its first request: the mixed traffic's refusals.
  const limited = await app.keys.issue({
    name: 'limited',
    plan: 'free',
    ownerId: 'acct_limited',
    customLimits: { perMinute: 1, perDay: 1 },
  });
  process.send?.({ port, key, limitedKey: limited.key });
} else if (process.env.CREATE_OVER === 'socket') {
  // The server runs with npm start's Node flags. CREATE_SERVER_FLAGS="--max-semi-space-size=64" sets
  // others ("" none) for the server alone: NODE_OPTIONS would change the load generator too, and with
  // it the rate, and so the server's cost of a request.
  const flags = process.env.CREATE_SERVER_FLAGS?.split(' ').filter(Boolean) ?? startFlags(REPO_DIR);
  console.log(`server flags: ${flags.join(' ') || '(none)'}`);
  const child = fork(new URL(import.meta.url).pathname, [], {
    env: { ...process.env, CREATE_ROLE: 'server' },
    execArgv: ['--expose-gc', ...flags],
  });
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  const { port, key, limitedKey } = (await next()) as { port: number; key: string; limitedKey: string };
  const sample = async () => {
    child.send('sample');
    return (await next()) as NodeJS.MemoryUsage;
  };
  /** The server's heap by space and its resident set by mapping, now. */
  const layout = async () => {
    child.send('spaces');
    const spaces = (await next()) as HeapSpaceInfo[];
    child.send('mappings');
    return memoryLayout(spaces, (await next()) as Record<string, number>);
  };
  console.log(`at the start: ${await layout()}`);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const statuses: Record<string, number> = {};
  let created = 0;
  /**
   * Sends one request; a create must answer 201 (or 200, a retry), anything else under 500 (mixed
   * traffic is refused some by design). Resolves to the response's Link header, if any.
   */
  const send = (i: number, method: string, path: string, body: string | null, headers: Record<string, string> = {}) =>
    new Promise<string | undefined>((resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            authorization: `Bearer ${key}`,
            ...(body !== null && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += String(chunk)));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === 201) created++;
            const bad = method === 'POST' ? status !== 201 && status !== 200 : status >= 500;
            if (bad) reject(new Error(`${method} ${path} (request ${i}) answered ${status}: ${text}`));
            else resolve(String(response.headers.link ?? '') || undefined);
          });
        },
      );
      sent.on('error', reject);
      sent.end(body ?? undefined);
    });
  // CREATE_MIX=1: each 20 requests are 11 list20, 3 creates with an Idempotency-Key, 1 search by id, 1
  // PATCH of a recent animal with If-Match, 1 DELETE of an older one, 1 by a key over its limit (429),
  // 1 with a key no one issued (401) and 1 read of the event feed. Else every request is a create.
  const mixed = process.env.CREATE_MIX === '1';
  const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
  const create = (i: number): Promise<unknown> => {
    if (!mixed) return send(i, 'POST', '/v1/pets', payload(i));
    const recent = Math.max(1, created - 10);
    switch (i % 20) {
      case 11:
      case 12:
      case 13:
        return send(i, 'POST', '/v1/pets', payload(i), { 'idempotency-key': `mix-${i}` });
      case 14:
        return send(i, 'GET', `/v1/pets?id=${recent}`, null);
      case 15:
        return send(i, 'PATCH', `/v1/pets/${recent}`, '{"status":"pending"}', { 'if-match': '"1"' });
      case 16:
        return send(i, 'DELETE', `/v1/pets/${Math.max(1, created - 1_000)}`, null);
      case 17:
        return send(i, 'GET', '/v1/pets?limit=20', null, bearer(limitedKey));
      case 18:
        return send(i, 'GET', '/v1/pets?limit=20', null, bearer(`${key.slice(0, -4)}zzzz`));
      case 19:
        return send(i, 'GET', '/v1/events?limit=20', null);
      default:
        return send(i, 'GET', '/v1/pets?limit=20', null);
    }
  };
  const cpu = async () => {
    child.send('cpu');
    const { user, system } = (await next()) as NodeJS.CpuUsage;
    return user + system;
  };
  const start = await sample();
  const cpuAtStart = await cpu();
  console.log(`${mixed ? 'requests' : 'creates'},rss_mib,heap_used_mib,heap_total_mib,external_mib`);
  console.log(row(0, start));
  const started = process.hrtime.bigint();
  let made = 0;
  while (made < count) {
    const batchEnd = Math.min(count, made + every);
    let nextId = made + 1;
    const worker = async () => {
      while (nextId <= batchEnd) await create(nextId++);
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    made = batchEnd;
    console.log(row(made, await sample()));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // The server's CPU time over the traffic, samples' full collections included (the same for any build).
  const serverCpu = (await cpu()) - cpuAtStart;
  console.log(`server CPU: ${(serverCpu / 1e6).toFixed(1)} s over ${count} requests, ${(serverCpu / count).toFixed(1)} µs a request`);
  if (process.env.CREATE_CRAWL === '1') {
    // A client reading every animal once, a page of 100 at a time, as a partner's first sync does.
    const before = await sample();
    let path: string | null = '/v1/pets?limit=100';
    let pages = 0;
    while (path !== null) {
      const link = await send(pages++, 'GET', path, null);
      const next = link === undefined ? null : /<([^>]+)>;\s*rel="next"/.exec(link);
      path = next ? (next[1] as string).replace(/^https?:\/\/[^/]+/, '') : null;
    }
    const after = await sample();
    console.log(row(made, after));
    console.log(
      `crawl: ${pages} pages of 100 read once: heap +${mib(after.heapUsed - before.heapUsed).toFixed(1)} MiB, ` +
        `resident set +${mib(after.rss - before.rss).toFixed(1)} MiB`,
    );
  }
  const end = await sample();
  const how = `over loopback HTTP${mixed ? `, mixed traffic: ${JSON.stringify(statuses)}, ${created} created` : ''}`;
  summary(how, `${count} ${mixed ? 'requests' : 'creates'}`, seconds, start, end);
  console.log(`at the end: ${await layout()}`);
  // CREATE_IDLE_SECONDS=n: the server left idle n seconds more (V8's memory reducer runs when the
  // allocation rate drops), then sampled again.
  const idleSeconds = Number(process.env.CREATE_IDLE_SECONDS ?? 0);
  if (idleSeconds > 0) {
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const rested = await sample();
    console.log(
      `after ${idleSeconds} s idle: ${row(count, rested)} (resident set +${mib(rested.rss - start.rss).toFixed(1)} MiB since the start)`,
    );
    console.log(`after ${idleSeconds} s idle: ${await layout()}`);
  }
  if (process.env.CREATE_SNAPSHOT) {
    child.send('snapshot');
    console.log(`heap snapshot: ${String(await next())}`);
  }
  agent.destroy();
  child.send('stop');
} else {
  const { app, key } = await service();
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const start = settle();
  console.log('creates,rss_mib,heap_used_mib,heap_total_mib,external_mib');
  console.log(row(0, start));
  const started = process.hrtime.bigint();
  for (let i = 1; i <= count; i++) {
    const response = await app.http.inject({ method: 'POST', url: '/v1/pets', headers, payload: payload(i) });
    if (response.statusCode !== 201) throw new Error(`create ${i} answered ${response.statusCode}: ${response.body}`);
    if (i % every === 0) {
      console.log(row(i, settle()));
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const end = settle();
  summary('through inject', `${count} creates`, seconds, start, end);
  await app.http.close();
}

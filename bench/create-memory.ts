// npm run bench:create-memory: the resident set of the service on npm start's in-memory set over
// CREATE_COUNT creates (default 1,000,000) through its HTTP stack (inject: the same routes, hooks,
// admission, use cases and stores, no sockets), sampled every CREATE_SAMPLE creates after a full
// collection, against what the animals alone take (the same animals added straight to a memory
// store, in another process run first: CREATE_MEMORY_PETS_ONLY=1). Prints CSV lines (creates, then
// the resident set, heap used, heap total and external memory in MiB) then a summary. Logs are off (LOG_LEVEL=silent): a log line is written,
// not kept, so it holds no memory.
import { MemoryPetRepository } from '../src/adapters/adoption/memory/memory-pet-repository.js';
import { createApp } from '../src/config/create-app.js';
import { loadConfig } from '../src/config/env.js';
import { newPetDraft } from '../src/domain/adoption/pet.js';

const count = Number(process.env.CREATE_COUNT ?? 1_000_000);
const every = Number(process.env.CREATE_SAMPLE ?? 50_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:create-memory does)');
const mib = (bytes: number) => bytes / 1_048_576;

function settle(): NodeJS.MemoryUsage {
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage();
}

if (process.env.CREATE_MEMORY_PETS_ONLY === '1') {
  // The animals alone, as the create stores them (the fields a create of { name, categoryId } makes).
  const before = settle();
  const store = new MemoryPetRepository();
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    await store.add(newPetDraft({ name: `Pet ${i}`, categoryId: 1 + (i % 50), status: 'available' }, 'acct_bench', now), () => []);
  }
  const after = settle();
  // Read the store after measuring, so that it is alive when measured.
  const last = await store.findById(count);
  console.log(
    `pets_only,${count},${mib(after.rss - before.rss).toFixed(1)},${mib(after.heapUsed - before.heapUsed).toFixed(1)},${last?.name ?? 'missing'}`,
  );
  process.exit(0);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const app = await createApp(config);
await app.http.ready();
const { key } = await app.keys.issue({
  name: 'bench',
  plan: 'enterprise',
  ownerId: 'acct_bench',
  customLimits: { perMinute: 1_000_000_000, perDay: 1_000_000_000 },
});
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const start = settle();
const row = (creates: number, usage: NodeJS.MemoryUsage) =>
  [creates, usage.rss, usage.heapUsed, usage.heapTotal, usage.external].map((v, i) => (i === 0 ? v : mib(v).toFixed(1))).join(',');
console.log('creates,rss_mib,heap_used_mib,heap_total_mib,external_mib');
console.log(row(0, start));
const started = process.hrtime.bigint();
for (let i = 1; i <= count; i++) {
  const response = await app.http.inject({
    method: 'POST',
    url: '/v1/pets',
    headers,
    payload: `{"name":"Pet ${i}","categoryId":${1 + (i % 50)}}`,
  });
  if (response.statusCode !== 201) throw new Error(`create ${i} answered ${response.statusCode}: ${response.body}`);
  if (i % every === 0) {
    console.log(row(i, settle()));
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const end = settle();
console.log(
  `summary: ${count} creates in ${seconds.toFixed(0)} s; resident set ${mib(start.rss).toFixed(1)} MiB at start, ` +
    `${mib(end.rss).toFixed(1)} after (+${mib(end.rss - start.rss).toFixed(1)}); heap +${mib(end.heapUsed - start.heapUsed).toFixed(1)} MiB`,
);
await app.http.close();

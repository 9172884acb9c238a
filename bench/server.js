// A server under test, in its own process: node bench/server.js '<json options>'.
// Variants: baseline (bare Fastify serialising the same 20 pets on every request), baseline-bytes
// (bare Fastify sending those 20 pets as bytes serialised once: the most Fastify can do for this
// payload), reference (bare Fastify doing the least the specification asks: the bearer key looked
// up as is, one fixed one-minute window per key, three rate-limit headers, the pets serialised by a
// response schema; no hashing, no second window, no logging or metrics), or the service on memory,
// redis (memory pets and keys, Redis limiter) or mongo+redis adapters, built by createApp as in
// production, at the log level given (npm start's is info). Prints "READY <port>" when listening.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { configuredAdapters, memoryAdapters } from '../dist/config/adapters.js';
import { createApp } from '../dist/config/create-app.js';
import { createLogger } from '../dist/config/logger.js';
import { loadConfig } from '../dist/config/env.js';

const options = JSON.parse(process.argv[2] ?? '{}');
const STATUSES = ['available', 'pending', 'sold'];
/** The page the baselines and the reference answer with: 20 pets, as GET /v1/pets?limit=20 returns them. */
const PAGE = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1, status: 'available' }));

async function baseline(preSerialised) {
  const bytes = Buffer.from(JSON.stringify(PAGE));
  const app = Fastify({ logger: false });
  app.get('/v1/pets', preSerialised ? (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes) : async () => PAGE);
  return app;
}

async function reference() {
  const limit = 1_000_000_000;
  const keys = new Set(options.keys);
  const windows = new Map();
  const app = Fastify({ logger: false });
  app.addHook('onRequest', (request, reply, done) => {
    const authorization = request.headers.authorization;
    const key = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    if (key === undefined || !keys.has(key)) {
      reply.code(401).send({ code: 'unauthorized', message: 'Invalid API key', status: 401 });
      return;
    }
    const minute = Math.floor(Date.now() / 60_000);
    let window = windows.get(key);
    if (window === undefined || window.minute !== minute) {
      window = { minute, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    reply.header('X-RateLimit-Limit', limit).header('X-RateLimit-Remaining', limit - window.count).header('X-RateLimit-Reset', (minute + 1) * 60);
    done();
  });
  const pet = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, categoryId: { type: 'integer' }, status: { type: 'string' } } };
  app.get('/v1/pets', { schema: { response: { 200: { type: 'array', items: pet } } } }, async () => PAGE);
  return app;
}

async function service() {
  const env = {
    LOG_LEVEL: options.logLevel ?? 'info',
    // Many client addresses arrive through one proxy hop (the load generator's X-Forwarded-For).
    TRUST_PROXY: 'true',
    RATE_LIMIT_BAN_THRESHOLD: '0',
    API_KEYS: [...options.keys.map((k) => `${k}:enterprise:1000000000:1000000000`), `${options.limitedKey}:free`].join(','),
    ...(options.redisUrl && { REDIS_URL: options.redisUrl }),
    ...(options.mongoUrl && { MONGODB_URL: options.mongoUrl, MONGODB_DATABASE: options.mongoDatabase }),
  };
  const config = loadConfig(env);
  const adapters = options.variant === 'redis' || options.variant === 'mongo+redis' ? await configuredAdapters(config, createLogger(config)) : memoryAdapters();
  await seedPets(adapters.pets, options.pets);
  const app = await createApp(config, { adapters });
  return app.http;
}

async function seedPets(pets, count) {
  const existing = await pets.list({ limit: 1 });
  if (existing.length > 0) return; // a MongoDB database seeded by an earlier run
  const batch = 256;
  for (let start = 0; start < count; start += batch) {
    const adds = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      adds.push(pets.add({ name: `Pet ${i + 1}`, categoryId: 1 + (i % 50), status: STATUSES[i % 3] }));
    }
    await Promise.all(adds);
  }
}

const app = options.variant.startsWith('baseline')
  ? await baseline(options.variant === 'baseline-bytes')
  : options.variant === 'reference'
    ? await reference()
    : await service();
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`READY ${app.server.address().port}\n`);
// With options.profile set (bench/profile.js): SIGUSR2 starts the CPU profiler, after the warm-up,
// and SIGTERM writes what it sampled there before closing.
let profiler = null;
if (options.profile) {
  process.on('SIGUSR2', async () => {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
    await profiler.post('Profiler.start');
    process.stdout.write('PROFILING\n');
  });
}
process.on('SIGTERM', async () => {
  if (profiler) writeFileSync(options.profile, JSON.stringify((await profiler.post('Profiler.stop')).profile));
  app.close().then(() => process.exit(0));
});

// A server under test, in its own process: node dist-bench/bench/server.js '<json options>'.
// Variants: baseline (bare Fastify serialising the same 20 pets on every request), baseline-bytes
// (bare Fastify sending those 20 pets as bytes serialised once: the most Fastify can do for this
// payload), reference (bare Fastify doing the least the specification asks: the bearer key looked
// up as is, one fixed one-minute window per key, three rate-limit headers, the pets serialised by a
// response schema; no hashing, no second window, no logging or metrics), or the service on memory,
// redis (memory pets and keys, Redis limiter) or mongo+redis adapters, built by createApp as in
// production, at the log level given (npm start's is info). Prints "READY <port>" when listening.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PetRepository } from '../src/application/ports/pet-repository.js';
import type { PetStatus } from '../src/domain/pet-status.js';
import type { ServerOptions } from './processes.js';
import { configuredAdapters, memoryAdapters } from '../src/config/adapters.js';
import { createApp } from '../src/config/create-app.js';
import { createLogger } from '../src/config/logger.js';
import { loadConfig } from '../src/config/env.js';

const options = JSON.parse(process.argv[2] ?? '{}') as ServerOptions;
const keyList = options.keys ?? [];
const STATUSES: readonly PetStatus[] = ['available', 'pending', 'sold'];
/** The page the baselines and the reference answer with: 20 pets, as GET /v1/pets?limit=20 returns them. */
const PAGE = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1, status: 'available' }));

async function baseline(preSerialised: boolean): Promise<FastifyInstance> {
  const bytes = Buffer.from(JSON.stringify(PAGE));
  const app = Fastify({ logger: false });
  app.get('/v1/pets', preSerialised ? (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes) : async () => PAGE);
  return app;
}

async function reference(): Promise<FastifyInstance> {
  const limit = 1_000_000_000;
  const keys = new Set(keyList);
  const windows = new Map<string, { minute: number; count: number }>();
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

async function service(): Promise<FastifyInstance> {
  const env = {
    LOG_LEVEL: options.logLevel ?? 'info',
    // Many client addresses arrive through one proxy hop (the load generator's X-Forwarded-For).
    TRUST_PROXY: 'true',
    RATE_LIMIT_BAN_THRESHOLD: '0',
    API_KEYS: [...keyList.map((k) => `${k}:enterprise:1000000000:1000000000`), `${options.limitedKey ?? ''}:free`].join(','),
    ...(options.redisUrl && { REDIS_URL: options.redisUrl }),
    ...(options.mongoUrl && { MONGODB_URL: options.mongoUrl, MONGODB_DATABASE: options.mongoDatabase ?? 'adoption_bench' }),
  };
  const config = loadConfig(env);
  const adapters = options.variant === 'redis' || options.variant === 'mongo+redis' ? await configuredAdapters(config, createLogger(config)) : memoryAdapters();
  await seedPets(adapters.pets, options.pets ?? 1000);
  const app = await createApp(config, { adapters });
  return app.http;
}

async function seedPets(pets: PetRepository, count: number): Promise<void> {
  const existing = await pets.list({ limit: 1 });
  if (existing.length > 0) return; // a MongoDB database seeded by an earlier run
  const batch = 256;
  for (let start = 0; start < count; start += batch) {
    const adds = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      adds.push(pets.add({ name: `Pet ${i + 1}`, categoryId: 1 + (i % 50), status: STATUSES[i % 3] as PetStatus }));
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
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
// With options.profile set (bench/profile.js): SIGUSR2 starts the CPU profiler, after the warm-up,
// and SIGTERM writes what it sampled there before closing.
let profiler: Session | null = null;
const profilePath = options.profile;
if (profilePath) {
  const startProfiling = async () => {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    profiler = session;
    process.stdout.write('PROFILING\n');
  };
  process.on('SIGUSR2', () => void startProfiling());
}
const stop = async () => {
  if (profiler && profilePath) writeFileSync(profilePath, JSON.stringify((await profiler.post('Profiler.stop')).profile));
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());

// A server under test, in its own process: node bench/server.js '<json options>'.
// Variants: baseline (bare Fastify serialising the same 20 pets on every request), baseline-bytes
// (bare Fastify sending those 20 pets as bytes serialised once: the most Fastify can do for this
// payload), or the service on memory, redis (memory pets and keys, Redis limiter) or mongo+redis
// adapters, built by createApp as in production, at the log level given (npm start's is info).
// Prints "READY <port>" when listening.
import Fastify from 'fastify';
import { configuredAdapters, createApp, createLogger, memoryAdapters } from '../dist/config/container.js';
import { loadConfig } from '../dist/config/env.js';

const options = JSON.parse(process.argv[2] ?? '{}');
const STATUSES = ['available', 'pending', 'sold'];

async function baseline(preSerialised) {
  const pets = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1, status: 'available' }));
  const bytes = Buffer.from(JSON.stringify(pets));
  const app = Fastify({ logger: false });
  app.get('/v1/pets', preSerialised ? (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes) : async () => pets);
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

const app = options.variant.startsWith('baseline') ? await baseline(options.variant === 'baseline-bytes') : await service();
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`READY ${app.server.address().port}\n`);
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

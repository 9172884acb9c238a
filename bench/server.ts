// A server under test, in its own process: node dist-bench/bench/server.js '<json options>'.
// Variants: baseline (bare Fastify serialising the page the service answers list20 with on every
// request, and for POST the pet the service answers a create with; both asked of the service built in
// this process first, then closed), baseline-refusal (bare Fastify answering every request from its first hook with the
// 429 the service answers a flood with: the same headers and body; the least a Fastify server can
// spend on a refusal), baseline-bytes (bare Fastify sending those as bytes serialised once: the most Fastify
// can do for this payload), reference (bare Fastify doing the least the specification asks: the bearer key looked
// up as is, one fixed one-minute window per key, three rate-limit headers, the pets serialised by a
// response schema; no hashing, no second window, no logging or metrics), or the service on memory,
// redis (memory pets and keys, Redis limiter) or mongo+redis adapters, built by createApp as in
// production, at the log level given (npm start's is info), or static (bare Fastify with
// @fastify/static serving options.staticDir, the floor for a photo). Prints "READY <port>" when listening.
import { write, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Session } from 'node:inspector/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import type { PetRepository } from '../src/application/adoption/ports/pet-repository.js';
import type { OrganizationStore } from '../src/application/organizations/ports/organization-store.js';
import type { PetStatus } from '../src/domain/adoption/pet-status.js';
import { newPetDraft } from '../src/domain/adoption/pet.js';
import type { ServerOptions } from './processes.js';
import { fullRecord, searchRecord, shelterCodes, shelterPlace } from './records.js';
import { createApp } from '../src/config/create-app.js';
import { PetSchema } from '../src/adapters/adoption/http/pet-schemas.js';
import { loadConfig } from '../src/config/env.js';
import { keepTickShape } from '../src/config/tick-shape.js';

const options = JSON.parse(process.argv[2] ?? '{}') as ServerOptions;
// Every server here keeps Node's tick shape as the service does (createApp, src/config/tick-shape.ts),
// the baselines and the peer too: one that a full collection had left off V8's fast path by chance
// would be some 5 µs a request dearer, and flatter the service.
keepTickShape();
const keyList = options.keys ?? [];
const STATUSES: readonly PetStatus[] = ['available', 'pending', 'sold'];
/** The page the reference and the peer answer with: 20 pets of the first record's four fields. */
const PAGE = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1, status: 'available' }));

/** The service's own answers, as the baselines and the peer send them. */
interface ServiceAnswers {
  /** Its list20 page. */
  readonly page: unknown;
  /** The body of its 201 to the bench's create. */
  readonly created: Record<string, unknown>;
  /** Every seeded pet as it shows them, in id order (asked for the peer only). */
  readonly pets: readonly Record<string, unknown>[];
}

/**
 * The service's own answers to the bench's requests, from an app built and seeded as service() builds
 * it (the same options), asked through inject and closed before the caller listens. So the baselines
 * and the peer send the bytes the service sends, as its record grows.
 */
async function serviceAnswers({ allPets }: { allPets: boolean }): Promise<ServiceAnswers> {
  const key = 'bench-answers-key-0000000001';
  const app = await service({ logLevel: 'silent', keys: [key] });
  const headers = { authorization: `Bearer ${key}` };
  const list = await app.inject({ method: 'GET', url: '/v1/pets?limit=20', headers });
  const pets: Record<string, unknown>[] = [];
  for (let url: string | undefined = allPets ? '/v1/pets?limit=100' : undefined; url !== undefined;) {
    const page: LightMyRequestResponse = await app.inject({ method: 'GET', url, headers });
    pets.push(...page.json<Record<string, unknown>[]>());
    url = /<([^>]+)>;\s*rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
  }
  const create = await app.inject({
    method: 'POST',
    url: '/v1/pets',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '{"name":"Bench","categoryId":7,"status":"pending"}',
  });
  await app.close();
  if (list.statusCode !== 200 || create.statusCode !== 201)
    throw new Error(`the service's answers: ${list.statusCode}, ${create.statusCode}`);
  return { page: list.json(), created: create.json<Record<string, unknown>>(), pets };
}

async function baseline(preSerialised: boolean): Promise<FastifyInstance> {
  const answers = await serviceAnswers({ allPets: false });
  const page = answers.page;
  const bytes = Buffer.from(JSON.stringify(page));
  const app = Fastify({ logger: false });
  app.get('/v1/pets', preSerialised ? (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes) : async () => page);
  // The create's baseline: Fastify's own JSON body parsing, and the 201 the service sends (its
  // Location header and the created pet), serialised on every request or sent as bytes made once.
  let nextId = 1;
  const created = Buffer.from(JSON.stringify(answers.created));
  app.post('/v1/pets', (request, reply) => {
    const body = request.body as { name: string; categoryId: number; status?: string };
    const id = nextId++;
    reply.code(201).header('Location', `/v1/pets/${id}`);
    if (preSerialised) return reply.type('application/json; charset=utf-8').send(created);
    return reply.send({ ...answers.created, id, name: body.name, categoryId: body.categoryId, status: body.status ?? 'available' });
  });
  return app;
}

/** The service's answer to a flood of the limited key, sent as it is by a bare Fastify. */
function baselineRefusal(): FastifyInstance {
  const body = {
    code: 'rate_limited',
    message: 'Rate limit exceeded; retry after 60 s (see Retry-After and the X-RateLimit-* headers)',
    status: 429,
  };
  const app = Fastify({ logger: false, genReqId: () => randomUUID() });
  // Answered in the hook: the request goes no further (its done is never called).
  app.addHook('onRequest', (request, reply, _done) => {
    const now = Date.now();
    void reply
      .code(429)
      .header('x-ratelimit-limit', 60)
      .header('x-ratelimit-remaining', 0)
      .header('x-ratelimit-reset', Math.ceil((now + 60_000) / 1000))
      .header('ratelimit-policy', '"minute";q=60;w=60, "day";q=1000;w=86400')
      .header('x-request-id', request.id)
      .header('Retry-After', 60)
      .type('application/json; charset=utf-8')
      .send(body);
  });
  app.get('/v1/pets', () => PAGE);
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
    reply
      .header('X-RateLimit-Limit', limit)
      .header('X-RateLimit-Remaining', limit - window.count)
      .header('X-RateLimit-Reset', (minute + 1) * 60);
    done();
  });
  const pet = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' }, categoryId: { type: 'integer' }, status: { type: 'string' } },
  };
  app.get('/v1/pets', { schema: { response: { 200: { type: 'array', items: pet } } } }, async () => PAGE);
  return app;
}

/**
 * The peer: what a Fastify user would write instead of this service. Fastify with
 * @fastify/rate-limit (its Redis store when a Redis is given, else its in-memory one) keyed by the
 * API key, keys as sent in a Map, the service's animals kept as it shows them and serialised by its
 * pet schema (TypeBox), JSON schemas for validation, and
 * Fastify's default request logging at info (two lines per request). One fixed window per key (the
 * plugin's algorithm), no day window, no ban, no hashing, no request-id echo, no metrics.
 */
async function peer(): Promise<FastifyInstance> {
  const plans = new Map<string, number>(keyList.map((key) => [key, 1_000_000_000]));
  if (options.limitedKey) plans.set(options.limitedKey, 60);
  const app = Fastify({ logger: { level: options.logLevel ?? 'info' }, trustProxy: true });
  const redis = options.redisUrl ? new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 }) : undefined;
  app.addHook('onClose', async () => {
    await redis?.quit();
  });
  const keyOf = (authorization: string | undefined) => (authorization?.startsWith('Bearer ') ? authorization.slice(7) : '');
  app.addHook('onRequest', async (request, reply) => {
    if (!plans.has(keyOf(request.headers.authorization))) {
      await reply.code(401).send({ code: 'unauthorized', message: 'The API key is invalid, revoked or expired', status: 401 });
    }
  });
  await app.register(rateLimit, {
    max: (request) => plans.get(keyOf(request.headers.authorization)) ?? 60,
    timeWindow: 60_000,
    keyGenerator: (request) => keyOf(request.headers.authorization),
    ...(redis && { redis }),
  });
  // The same animals as the service shows them, serialised by the service's own pet schema.
  const answers = await serviceAnswers({ allPets: true });
  const pets: Record<string, unknown>[] = [...answers.pets];
  const pet = PetSchema;
  app.get(
    '/v1/pets',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 100 }, status: { type: 'string', enum: [...STATUSES] } },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: pet } },
      },
    },
    async (request) => {
      const { limit = 20, status } = request.query as { limit?: number; status?: string };
      const page = [];
      for (const p of pets) {
        if (status === undefined || p.status === status) page.push(p);
        if (page.length === limit) break;
      }
      return page;
    },
  );
  app.post(
    '/v1/pets',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            categoryId: { type: 'integer', minimum: 1 },
            status: { type: 'string', enum: [...STATUSES] },
          },
          required: ['name', 'categoryId'],
          additionalProperties: false,
        },
        response: { 201: pet },
      },
    },
    async (request, reply) => {
      const body = request.body as { name: string; categoryId: number; status?: string };
      const created = {
        ...answers.created,
        id: pets.length + 1,
        name: body.name,
        categoryId: body.categoryId,
        status: body.status ?? 'available',
      };
      pets.push(created);
      return reply.code(201).header('Location', `/v1/pets/${created.id}`).send(created);
    },
  );
  return app;
}

/** The floor for serving a photo: bare Fastify and @fastify/static sending the same bytes from a file, cacheable for a year. */
async function staticFiles(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: options.staticDir ?? '.', prefix: '/v1/photos/', maxAge: 31_536_000_000, immutable: true });
  return app;
}

async function service(overrides: { logLevel?: string; keys?: readonly string[] } = {}): Promise<FastifyInstance> {
  const serviceKeys = overrides.keys ?? keyList;
  const limited = options.limitedKey === undefined ? [] : [`${options.limitedKey}:free`];
  const env = {
    LOG_LEVEL: overrides.logLevel ?? options.logLevel ?? 'info',
    // Many client addresses arrive through one proxy hop (the load generator's X-Forwarded-For).
    TRUST_PROXY: 'true',
    RATE_LIMIT_BAN_THRESHOLD: '0',
    API_KEYS: [...serviceKeys.map((k) => `${k}:enterprise:1000000000:1000000000`), ...limited].join(','),
    ...(options.redisUrl && { REDIS_URL: options.redisUrl }),
    ...(options.mongoUrl && { MONGODB_URL: options.mongoUrl, MONGODB_DATABASE: options.mongoDatabase ?? 'adoption_bench' }),
    ...options.env,
  };
  const config = loadConfig(env);
  // As npm start builds it: the adapters the configuration asks for, with the app's metrics and tracing.
  const app = await createApp(config);
  await seedPets(app.adapters.pets, app.adapters.organizations, options.pets ?? 1000, options.fullRecords ?? false, options.shelters);
  if (options.accessLine) measureAccessLine(app.http, options.accessLine);
  return app.http;
}

/** One line per response written in the way options.accessLine names (see ServerOptions). */
function measureAccessLine(app: FastifyInstance, way: NonNullable<ServerOptions['accessLine']>): void {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
  const logger = pino({ level: 'info' }, destination);
  const prefix = `{"level":30,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  const handBuilt = (request: FastifyRequest, reply: FastifyReply): string =>
    `${prefix},"time":${Date.now()},"reqId":"${request.id}","method":"${request.method}","route":"${request.routeOptions.url ?? 'unmatched'}","status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime * 10) / 10},"msg":"request"}\n`;
  let pending = '';
  let writing = false;
  const flush = (): void => {
    if (writing || pending === '') return;
    writing = true;
    const chunk = pending;
    pending = '';
    write(1, chunk, () => {
      writing = false;
      if (pending.length >= 65_536) flush();
    });
  };
  setInterval(flush, 1000).unref();
  const sink = { dropped: '' };
  app.addHook('onResponse', (request, reply, done) => {
    switch (way) {
      case 'object':
        logger.info(
          {
            reqId: request.id,
            method: request.method,
            route: request.routeOptions.url ?? 'unmatched',
            status: reply.statusCode,
            ms: Math.round(reply.elapsedTime * 10) / 10,
          },
          'request',
        );
        break;
      case 'message':
        logger.info('request');
        break;
      case 'hand':
        destination.write(handBuilt(request, reply));
        break;
      case 'chunked':
        pending += handBuilt(request, reply);
        if (pending.length >= 65_536) flush();
        break;
      case 'dropped':
        sink.dropped = handBuilt(request, reply);
        break;
    }
    done();
  });
}

async function seedPets(
  pets: PetRepository,
  organizations: OrganizationStore,
  count: number,
  full: boolean,
  shelters?: number,
): Promise<void> {
  const existing = await pets.search({ filter: {}, order: 'id', limit: 1 });
  if (existing.length > 0) return; // a MongoDB database seeded by an earlier run
  const batch = 256;
  const codes = shelters === undefined ? null : shelterCodes(shelters);
  // A search world's shelters, each an organization at its postal code.
  for (let n = 0; codes !== null && n < codes.length; n++) {
    const at = new Date().toISOString();
    await organizations.add({
      id: `org_${n}`,
      name: `Shelter ${n}`,
      email: null,
      phone: null,
      website: `https://shelter-${n}.example`,
      address: null,
      location: shelterPlace(codes, n),
      adoptionPolicyUrl: null,
      hours: null,
      createdAt: at,
      updatedAt: at,
      version: 1,
      relocating: false,
    });
  }
  const start = Date.now() - count * 1_000;
  for (let first = 0; first < count; first += batch) {
    const adds = [];
    for (let i = first; i < Math.min(count, first + batch); i++) {
      // A search world: animals of `shelters` shelters over the country, published one a second.
      const world = codes && searchRecord(i, codes);
      const status = world ? (i % 10 < 8 ? 'available' : 'pending') : (STATUSES[i % 3] as PetStatus);
      const fields = { name: `Pet ${i + 1}`, categoryId: 1 + (i % 50), status, ...(full && fullRecord(i)), ...world?.record };
      const at = new Date(start + i * 1_000).toISOString();
      adds.push(pets.add(newPetDraft(fields, world?.owner ?? 'bench', at, world?.home ?? null), () => []));
    }
    await Promise.all(adds);
  }
}

const app =
  options.variant === 'baseline-refusal'
    ? baselineRefusal()
    : options.variant.startsWith('baseline')
      ? await baseline(options.variant === 'baseline-bytes')
      : options.variant === 'reference'
        ? await reference()
        : options.variant === 'peer'
          ? await peer()
          : options.variant === 'static'
            ? await staticFiles()
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
  await app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${options.variant}: error while closing: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => void stop());

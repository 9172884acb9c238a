/**
 * The contract, as a partner's tools meet it: every operation of both served documents (the public
 * door and the admin door) driven with inputs generated from the document itself (fast-check
 * arbitraries from each parameter's and body's schema, validated against it with Ajv), on memory.
 *
 * - Positive phase: inputs the document accepts. A 5xx fails; so does a status the operation does
 *   not document, and a 400 the document could have foreseen (its message is not one of the few
 *   refusals no schema can express, listed below with their reasons).
 * - Negative phase: one part of an accepted input replaced by a value its schema refuses (a wrong
 *   type, out of range, off pattern, a required field missing, an unknown one added). Anything but a
 *   4xx fails.
 * - Every response is also checked against the document (status, body schema, required headers)
 *   by the conformance check every test app runs at close.
 *
 * Runs CONTRACT_RUNS cases per operation and phase (default 20, about 2,000 requests in all) from
 * CONTRACT_SEED (fixed by default, so that a run is reproducible; `CONTRACT_SEED=random` explores).
 * A failure prints the shrunk input that breaks the rule.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { SchemaArbitraries, type Schema } from '../../support/schema-arbitrary.js';
import { StaticResolver } from '../../support/static-resolver.js';

const RUNS = Number(process.env.CONTRACT_RUNS ?? 20);
const SEED = process.env.CONTRACT_SEED === 'random' ? Date.now() : Number(process.env.CONTRACT_SEED ?? 20_261_127);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required?: boolean;
  readonly schema: Schema;
}
interface Operation {
  readonly operationId: string;
  readonly parameters?: Parameter[];
  readonly requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  readonly responses: Record<string, unknown>;
  readonly security?: unknown[];
}
interface Door {
  readonly name: 'public' | 'admin';
  readonly base: string;
  readonly document: Schema & { paths: Record<string, Record<string, Operation>> };
  readonly schemas: SchemaArbitraries;
}
interface Case {
  readonly method: Method;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string | Buffer;
}

/**
 * Refusals of schema-valid input no schema can express, by operation ('*': any), each with why. A
 * 400 whose message matches none of these is a rule the document should state.
 */
const SEMANTIC_400: readonly { operations: readonly string[]; message: RegExp; why: string }[] = [
  { operations: ['*'], message: /cursor/, why: 'a cursor is opaque: only one the server gave is valid' },
  {
    operations: ['listPets', 'listOrganizations', 'createSavedSearch', 'replaceSavedSearch', 'listSavedSearchMatches'],
    message: /(near|postal code|is not covered|radius|sort=distance|seed is for)/,
    why: 'a place must be one the gazetteer knows; radius and sort=distance need near',
  },
  {
    operations: ['listPets', 'createSavedSearch', 'replaceSavedSearch'],
    message: /(species|breed|coat|color|organization)/i,
    why: 'values must name what exists (a species, a breed of it)',
  },
  { operations: ['uploadPhoto'], message: /image|photo/i, why: 'an image is checked by decoding it' },
  {
    operations: ['getUsage', 'getKeyUsage'],
    message: /buckets are kept|from must be before to|from is in the future/,
    why: 'how far back usage is kept is counted from now; from and to are compared with each other',
  },
  { operations: ['listEvents', 'listAllEvents'], message: /names no event of this feed/, why: 'after must name an event the feed holds' },
  {
    operations: ['listEvents', 'listAllEvents'],
    message: /'from' and 'after' are alternatives/,
    why: 'from=now and after are two starting points: the document says so in words',
  },
  { operations: ['createKey', 'updateKey'], message: /must be in the future/, why: 'an expiry is compared with now' },
  {
    operations: ['createPet', 'pushPet', 'updatePet'],
    message:
      /needs species|the species has no|is not one of the \w+ of [\w-]+; the valid values are at|must be from 1900-01-01 to today|is given only with attributes\.specialNeeds true/,
    why: "a breed, coat or colour is read against the animal's species (GET /v1/species), a birth date against today, and specialNeedsDetails against specialNeeds (stored, for a patch)",
  },
  {
    operations: ['createKey', 'updateKey'],
    message: /1 <= perMinute <= perDay|needs its own limits/,
    why: "a key's two limits are compared with each other, and an enterprise plan's with what the key holds",
  },
  {
    operations: ['createPet', 'pushPet', 'updatePet', 'createOrganization', 'updateOrganization', 'updateAnyOrganization'],
    message: /is not a known postal code|is not covered: postal codes are known/,
    why: 'a postal code must be one the offline dataset knows (42,555 US codes): data, not a pattern',
  },
  {
    operations: ['listOrganizations'],
    message: /is not a region of|is not a known postal code|is not covered/,
    why: 'a region or postal code must be one the offline dataset knows',
  },
  { operations: ['listAuditEvents'], message: /'to' must be after 'from'/, why: 'from and to are compared with each other' },
  {
    operations: ['createKey', 'updateKey'],
    message: /browser key \(allowedOrigins\) must be read-only/,
    why: "a browser key's origins are checked with its scopes (and, on a change, with what the key holds); the document says so in words",
  },
  {
    operations: ['updateOrganization', 'updateAnyOrganization'],
    message: /location\.postalCode is required when location is given/,
    why: 'a patch merges into what is stored',
  },
  {
    operations: ['createPublishingDestination', 'updatePublishingDestination'],
    message: /account is required for|takes no account id|account must be/,
    why: "an account id's form is the site's own (Petfinder's shelter id, RescueGroups' digits, none for Adopt-a-Pet): the document says so in words",
  },
  {
    operations: ['updatePet'],
    message: /\w+\.\w+ is required when \w+ is given|photos must list each of the pet's/,
    why: "a patch merges into what is stored: a fee needs both members once merged, a reorder names the animal's own photos",
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the contract: every operation of both documents, with generated inputs', () => {
  let t: TestApp;
  let doors: Door[];
  const auth: Record<Door['name'], string> = { public: '', admin: '' };
  /** Ids that exist, offered beside generated ones for path parameters of these names. */
  const known: Record<string, unknown[]> = {};
  const counts = { requests: 0, positive: 0, negative: 0 };
  const started = Date.now();

  beforeAll(async () => {
    t = await startTestApp({
      env: { WEBHOOK_ALLOW_LOOPBACK: 'true' },
      // Webhook hosts resolve to loopback, where nothing listens: an attempt goes nowhere else.
      wrapAdapters: (adapters) => ({ ...adapters, resolver: new StaticResolver({ 'hooks.example.com': ['127.0.0.1'] }) }),
    });
    const issued = await t.app.keys.issue({
      name: 'contract',
      plan: 'enterprise',
      ownerId: 'acct_contract',
      customLimits: { perMinute: 1_000_000, perDay: 10_000_000 },
    });
    auth.public = `Bearer ${issued.key}`;
    auth.admin = await t.adminBearer();
    const read = async (inject: typeof t.app.http.inject, url: string) => (await inject({ url })).json<Door['document']>();
    const publicDocument = await read(t.app.http.inject.bind(t.app.http), '/v1/openapi.json');
    const adminDocument = await read(t.app.admin.inject.bind(t.app.admin), '/admin/v1/openapi.json');
    doors = [
      { name: 'public', base: '/v1', document: publicDocument, schemas: new SchemaArbitraries(publicDocument) },
      { name: 'admin', base: '/admin/v1', document: adminDocument, schemas: new SchemaArbitraries(adminDocument) },
    ];
    // A few things that exist, so that generated requests reach more than 404s.
    const call = (method: Method, url: string, payload?: object) =>
      t.app.http.inject({ method, url, headers: { authorization: auth.public }, ...(payload && { payload }) });
    for (const name of ['Rex', 'Mia', 'Bo']) expect((await call('POST', '/v1/pets', { name, categoryId: 1 })).statusCode).toBe(201);
    const other = `Bearer ${(await t.app.keys.issue({ name: 'applicant', plan: 'business', ownerId: 'acct_applicant' })).key}`;
    const order = await t.app.http.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { authorization: other },
      payload: { petId: 1, applicantName: 'Ada' },
    });
    expect(order.statusCode).toBe(201);
    const endpoint = await call('POST', '/v1/webhook-endpoints', { url: 'https://hooks.example.com/hooks', enabledEvents: ['*'] });
    expect(endpoint.statusCode).toBe(201);
    const endpointId = endpoint.json<{ id: string }>().id;
    expect((await call('PATCH', '/v1/pets/2', { name: 'Mia' })).statusCode).toBe(428);
    const events = (await call('GET', '/v1/events')).json<{ id: string }[]>();
    let deliveries: { id: string }[] = [];
    for (let i = 0; i < 100 && deliveries.length === 0; i++) {
      expect((await call('POST', '/v1/pets', { name: `Pip ${i}`, categoryId: 2 })).statusCode).toBe(201);
      await sleep(50);
      deliveries = (await call('GET', `/v1/webhook-endpoints/${endpointId}/deliveries`)).json<{ id: string }[]>();
    }
    const keys = (await t.app.admin.inject({ url: '/admin/v1/keys', headers: { authorization: auth.admin } })).json<{ id: string }[]>();
    Object.assign(known, {
      petId: [1, 2, 3],
      orderId: [order.json<{ id: string }>().id],
      eventId: events.map((event) => event.id).slice(0, 3),
      endpointId: [endpointId],
      deliveryId: deliveries.map((delivery) => delivery.id).slice(0, 2),
      id: keys.map((key) => key.id).slice(0, 2),
      keyId: keys.map((key) => key.id).slice(0, 2),
      organizationId: ['acct_contract'],
      species: ['dog', 'cat'],
    });
  });

  afterAll(async () => {
    await t.close();
    process.stdout.write(
      `[contract] ${counts.requests} requests (${counts.positive} schema-valid, ${counts.negative} schema-invalid) over ${
        doors.flatMap((door) => Object.values(door.document.paths).flatMap((methods) => Object.keys(methods))).length
      } operations in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}\n`,
    );
  });

  /** Every operation of both documents, named for the test's title. */
  const operations = (): { door: Door; path: string; method: Method; operation: Operation }[] =>
    doors.flatMap((door) =>
      Object.entries(door.document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ door, path, method: method.toUpperCase() as Method, operation })),
      ),
    );

  /** The inputs of an operation its document accepts, as a request. */
  function requests(door: Door, path: string, method: Method, operation: Operation): fc.Arbitrary<Case> {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.name.toLowerCase() !== 'authorization');
    const valueOf = (parameter: Parameter): fc.Arbitrary<unknown> => {
      const generated = door.schemas.valid(parameter.schema);
      const existing = (known[parameter.name] ?? []).filter((value) => door.schemas.accepts(parameter.schema, value));
      if (parameter.name.toLowerCase() === 'if-match') return fc.oneof(generated, fc.constantFrom('"1"', '"2"', '*', 'W/"1"'));
      return existing.length > 0
        ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...existing) }, { weight: 1, arbitrary: generated })
        : generated;
    };
    const parameterValues = fc.record(
      Object.fromEntries(parameters.map((parameter) => [`${parameter.in}:${parameter.name}`, valueOf(parameter)])),
      {
        requiredKeys: parameters.filter((parameter) => parameter.required === true).map((parameter) => `${parameter.in}:${parameter.name}`),
      },
    );
    const content = operation.requestBody?.content ?? {};
    const [mediaType, media] = Object.entries(content)[0] ?? [];
    const body: fc.Arbitrary<{ type: string; payload: string | Buffer } | null> =
      mediaType === undefined || media === undefined
        ? fc.constant(null)
        : mediaType.startsWith('image/')
          ? fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({ type: mediaType, payload: Buffer.from(bytes) }))
          : door.schemas.valid(media.schema).map((value) => ({ type: mediaType, payload: JSON.stringify(value) }));
    const optionalBody = operation.requestBody?.required === false ? fc.option(body, { nil: null }) : body;
    return fc.tuple(parameterValues, optionalBody).map(([values, sent]) => build(door, path, method, values, sent));
  }

  /** The same, with one part replaced by a value its schema refuses. */
  function invalidRequests(door: Door, path: string, method: Method, operation: Operation): fc.Arbitrary<Case> | null {
    const parameters = (operation.parameters ?? []).filter(
      // A header the server does not read strictly (Range, If-None-Match: any text is allowed) has no invalid value.
      (parameter) => parameter.in !== 'header' || door.schemas.resolve(parameter.schema).pattern !== undefined,
    );
    const content = operation.requestBody?.content ?? {};
    const [mediaType, media] = Object.entries(content)[0] ?? [];
    const jsonBody = mediaType !== undefined && media !== undefined && !mediaType.startsWith('image/');
    const targets = [...parameters.map((parameter) => `${parameter.in}:${parameter.name}`), ...(jsonBody ? ['body'] : [])];
    if (targets.length === 0) return null;
    return fc.tuple(requests(door, path, method, operation), fc.constantFrom(...targets)).chain(([, target]) => {
      const parameter = parameters.find((candidate) => `${candidate.in}:${candidate.name}` === target);
      const wrong = parameter ? door.schemas.invalid(parameter.schema) : door.schemas.invalid((media as { schema: Schema }).schema);
      return fc
        .tuple(
          fc.record(
            Object.fromEntries(
              (operation.parameters ?? [])
                .filter((other) => other.required === true)
                .map((other) => [`${other.in}:${other.name}`, door.schemas.valid(other.schema)]),
            ),
          ),
          wrong,
          jsonBody ? door.schemas.valid(media.schema) : fc.constant(null),
        )
        .filter(([, value]) => {
          // Only what a request can carry: a path or a header is text; a query parameter is text too.
          if (parameter === undefined) return true;
          if (typeof value === 'object' && value !== null) return false;
          const text = String(value);
          const read = asRead(text, parameter.schema, door.schemas);
          if (parameter.in === 'path') return text !== '' && !text.includes('/') && !door.schemas.accepts(parameter.schema, read);
          if (parameter.in === 'header') return /^[\x21-\x7e ]*$/.test(text) && !door.schemas.accepts(parameter.schema, read);
          return !door.schemas.accepts(parameter.schema, read);
        })
        .map(([values, value, validBody]) => {
          if (parameter === undefined)
            return build(door, path, method, values, { type: mediaType as string, payload: JSON.stringify(value) });
          const sent = validBody === null ? null : { type: mediaType as string, payload: JSON.stringify(validBody) };
          return build(door, path, method, { ...values, [target]: value }, sent);
        });
    });
  }

  function build(
    door: Door,
    path: string,
    method: Method,
    values: Record<string, unknown>,
    body: { type: string; payload: string | Buffer } | null,
  ): Case {
    let url = `${door.base}${path}`;
    const query = new URLSearchParams();
    const headers: Record<string, string> = { authorization: auth[door.name] };
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const [place, name] = key.split(/:(.*)/s) as [string, string];
      // Parameters are scalars or lists of scalars (the invalid phase keeps objects out).
      const text = (scalar: unknown) => String(scalar);
      if (place === 'path') url = url.replace(`{${name}}`, encodeURIComponent(text(value)));
      else if (place === 'header') headers[name] = text(value);
      else if (Array.isArray(value)) for (const item of value) query.append(name, text(item));
      else query.append(name, text(value));
    }
    if (body !== null) headers['content-type'] = body.type;
    const search = query.toString();
    return { method, url: search === '' ? url : `${url}?${search}`, headers, ...(body !== null && { payload: body.payload }) };
  }

  async function send(door: Door, request: Case): Promise<LightMyRequestResponse> {
    counts.requests++;
    const app = door.name === 'public' ? t.app.http : t.app.admin;
    // Each request from an address of its own: the keyless photo reads are limited per address.
    return app.inject({ ...request, remoteAddress: `198.51.100.${counts.requests % 250}` });
  }

  function describeCase(request: Case, response: LightMyRequestResponse): string {
    const body = request.payload === undefined ? '' : ` ${String(request.payload).slice(0, 300)}`;
    return `${request.method} ${request.url}${body} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  }

  it(
    'drives every operation of both documents: no 5xx, no undocumented status, no foreseeable 400 for what the document accepts, a 4xx for what it refuses',
    async () => {
      const problems: string[] = [];
      for (const { door, path, method, operation } of operations()) {
        const documented = new Set(Object.keys(operation.responses));
        const positive = fc.asyncProperty(requests(door, path, method, operation), async (request) => {
          counts.positive++;
          const response = await send(door, request);
          const status = response.statusCode;
          if (status >= 500)
            return fail(`${operation.operationId}: a ${status} for input the document accepts: ${describeCase(request, response)}`);
          if (!documented.has(String(status)))
            return fail(`${operation.operationId}: undocumented ${status}: ${describeCase(request, response)}`);
          if (status === 400) {
            const message = response.json<{ message: string }>().message;
            const foreseen = SEMANTIC_400.some(
              (rule) => (rule.operations.includes('*') || rule.operations.includes(operation.operationId)) && rule.message.test(message),
            );
            if (!foreseen)
              return fail(`${operation.operationId}: input the document accepts refused with 400: ${describeCase(request, response)}`);
          }
          return true;
        });
        const result = await fc.check(positive, { numRuns: RUNS, seed: SEED, endOnFailure: false });
        if (result.failed) problems.push(reportOf(result));

        const invalid = invalidRequests(door, path, method, operation);
        if (invalid === null) continue;
        const negative = fc.asyncProperty(invalid, async (request) => {
          counts.negative++;
          const response = await send(door, request);
          const status = response.statusCode;
          if (status < 400 || status >= 500)
            return fail(`${operation.operationId}: a ${status} for input the document refuses: ${describeCase(request, response)}`);
          if (!documented.has(String(status)))
            return fail(`${operation.operationId}: undocumented ${status}: ${describeCase(request, response)}`);
          return true;
        });
        const refused = await fc.check(negative, { numRuns: RUNS, seed: SEED, endOnFailure: false });
        if (refused.failed) problems.push(reportOf(refused));
      }
      expect(problems).toEqual([]);
      expect(counts.positive).toBeGreaterThanOrEqual(RUNS * operations().length);
      // The work grows with CONTRACT_RUNS (20 by default: about 2,000 requests, some 10 s here).
    },
    Math.max(120_000, RUNS * 3_000),
  );
});

/** What broke (the rule and the shrunk request with its answer), and how to run it again. */
function reportOf(result: fc.RunDetails<[Case]>): string {
  const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
  return `${error} (seed ${result.seed}, path ${result.counterexamplePath ?? ''})`;
}

function fail(message: string): never {
  throw new Error(message);
}

/** A query, path or header value as the server reads it, typed by its schema, to ask the schema about it. */
function asRead(text: string, schema: Schema, schemas: SchemaArbitraries): unknown {
  const node = schemas.resolve(schema);
  const types = Array.isArray(node.type) ? (node.type as string[]) : [node.type as string | undefined];
  if (types.includes('array')) return text.split(',').map((item) => asRead(item, (node.items as Schema | undefined) ?? {}, schemas));
  if ((types.includes('integer') || types.includes('number')) && /^-?[0-9]+(\.[0-9]+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

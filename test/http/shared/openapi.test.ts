/** The served OpenAPI document: valid 3.1 by a third-party validator, and true to the routes. */
import { EVENT_TYPES } from '../../../src/domain/adoption/feed-event.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../src/config/modules/features.js';

import { PET_STATUSES } from '../../../src/domain/adoption/pet-status.js';
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { ErrorSchema } from '../../../src/adapters/shared/http/schemas/error-schema.js';
import { NewPetSchema, PetSchema, PetsSchema } from '../../../src/adapters/adoption/http/pet-schemas.js';
import { RateLimitStatusSchema, WindowStatusSchema } from '../../../src/adapters/access/http/rate-limit-schemas.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { VISIBLE_CHARACTER_PATTERN } from '../../../src/domain/shared/name-pattern.js';

const CATALOGUE = errorCatalogue();
const ERROR_CODES = CATALOGUE.codes;
const statusOf = (code: string): number => CATALOGUE.entry(code).status;

interface Operation {
  operationId?: string;
  deprecated?: boolean;
  description?: string;
  'x-stability-level'?: string;
  security?: unknown[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  security: unknown[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas?: Record<string, Record<string, unknown>> };
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await startTestApp();
    const response = await t.app.http.inject({ url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    doc = response.json<Document>();
  });
  afterAll(async () => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

  /** Follows a $ref into the components. */
  const resolve = <T>(node: T | { $ref: string }): T => {
    if (typeof node === 'object' && node !== null && '$ref' in node) {
      const [, , kind, name] = node.$ref.split('/');
      return (doc.components as unknown as Record<string, Record<string, T>>)[kind as string]?.[name as string] as T;
    }
    return node;
  };

  it('is served without a key and validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('states the visible-character rule once, as a component every text that needs it refers to', () => {
    const text = JSON.stringify(doc);
    expect(text.split(JSON.stringify(VISIBLE_CHARACTER_PATTERN)).length - 1).toBe(1);
    const visible = resolve<{ pattern: string }>({ $ref: '#/components/schemas/VisibleText' });
    expect(visible.pattern).toBe(VISIBLE_CHARACTER_PATTERN);
    const name = resolve<{ properties: Record<string, { allOf?: unknown[]; maxLength?: number }> }>({
      $ref: '#/components/schemas/NewPet',
    }).properties.name;
    expect(name).toMatchObject({ allOf: [{ $ref: '#/components/schemas/VisibleText' }], maxLength: 100 });
    // Validators apply it as before: a name of spaces alone is refused, one visible character taken.
    const pattern = new RegExp(visible.pattern, 'u');
    expect(pattern.test('\u200b \u3164')).toBe(false);
    expect(pattern.test(' Zoë ')).toBe(true);
  });

  it('describes exactly its operations (HEAD is answered, not listed), getPet deprecated, the adoption requests, the event feed, webhooks, saved searches and publishing beta', () => {
    const ids = Object.fromEntries(
      operations().map(({ path, method, op }): [string, string] => [op.operationId ?? '', `${method.toUpperCase()} ${path}`]),
    );
    expect(ids).toEqual({
      listPets: 'GET /pets',
      createPet: 'POST /pets',
      getPet: 'GET /pets/{petId}',
      updatePet: 'PATCH /pets/{petId}',
      pushPet: 'PUT /sources/{source}/pets/{id}',
      getPetByReference: 'GET /sources/{source}/pets/{id}',
      deletePet: 'DELETE /pets/{petId}',
      placeOrder: 'POST /orders',
      listOrders: 'GET /orders',
      getOrder: 'GET /orders/{orderId}',
      approveOrder: 'POST /orders/{orderId}/approve',
      deliverOrder: 'POST /orders/{orderId}/deliver',
      cancelOrder: 'POST /orders/{orderId}/cancel',
      listEvents: 'GET /events',
      getEvent: 'GET /events/{eventId}',
      listSpecies: 'GET /species',
      getSpecies: 'GET /species/{species}',
      listCategories: 'GET /categories',
      uploadPhoto: 'POST /pets/{petId}/photos',
      deletePhoto: 'DELETE /pets/{petId}/photos/{photoId}',
      getPhoto: 'GET /photos/{photoId}/{size}',
      listOrganizations: 'GET /organizations',
      getOrganization: 'GET /organizations/{organizationId}',
      updateOrganization: 'PATCH /organizations/{organizationId}',
      createWebhookEndpoint: 'POST /webhook-endpoints',
      listWebhookEndpoints: 'GET /webhook-endpoints',
      getWebhookEndpoint: 'GET /webhook-endpoints/{endpointId}',
      updateWebhookEndpoint: 'PATCH /webhook-endpoints/{endpointId}',
      deleteWebhookEndpoint: 'DELETE /webhook-endpoints/{endpointId}',
      rotateWebhookSecret: 'POST /webhook-endpoints/{endpointId}/rotate-secret',
      listWebhookDeliveries: 'GET /webhook-endpoints/{endpointId}/deliveries',
      getWebhookDelivery: 'GET /webhook-endpoints/{endpointId}/deliveries/{deliveryId}',
      retryWebhookDelivery: 'POST /webhook-endpoints/{endpointId}/deliveries/{deliveryId}/retry',
      recoverWebhookDeliveries: 'POST /webhook-endpoints/{endpointId}/recover',
      testWebhookEndpoint: 'POST /webhook-endpoints/{endpointId}/test',
      createSavedSearch: 'POST /saved-searches',
      listSavedSearches: 'GET /saved-searches',
      getSavedSearch: 'GET /saved-searches/{searchId}',
      replaceSavedSearch: 'PUT /saved-searches/{searchId}',
      renewSavedSearch: 'POST /saved-searches/{searchId}/renew',
      deleteSavedSearch: 'DELETE /saved-searches/{searchId}',
      listSavedSearchMatches: 'GET /saved-searches/{searchId}/matches',
      createPublishingDestination: 'POST /publishing/destinations',
      listPublishingDestinations: 'GET /publishing/destinations',
      getPublishingDestination: 'GET /publishing/destinations/{destinationId}',
      updatePublishingDestination: 'PATCH /publishing/destinations/{destinationId}',
      deletePublishingDestination: 'DELETE /publishing/destinations/{destinationId}',
      getRateLimit: 'GET /rate_limit',
      getUsage: 'GET /usage',
    });
    expect(
      operations()
        .filter(({ op }) => op.deprecated)
        .map(({ op }) => op.operationId),
    ).toEqual(['getPet']);
    // Every adoption-request, event, webhook, species, photo, organization, saved-search and publishing operation, and only those, is marked beta and says so first.
    const beta = operations().filter(({ op }) => op['x-stability-level'] === 'beta');
    expect(beta.map(({ op }) => op.operationId).sort()).toEqual(
      [
        'approveOrder',
        'cancelOrder',
        'deliverOrder',
        'getOrder',
        'listOrders',
        'placeOrder',
        'listEvents',
        'getEvent',
        'createWebhookEndpoint',
        'listWebhookEndpoints',
        'getWebhookEndpoint',
        'updateWebhookEndpoint',
        'deleteWebhookEndpoint',
        'rotateWebhookSecret',
        'listWebhookDeliveries',
        'getWebhookDelivery',
        'retryWebhookDelivery',
        'recoverWebhookDeliveries',
        'testWebhookEndpoint',
        'listSpecies',
        'getSpecies',
        'listCategories',
        'listOrganizations',
        'getOrganization',
        'updateOrganization',
        'uploadPhoto',
        'deletePhoto',
        'getPhoto',
        'createSavedSearch',
        'listSavedSearches',
        'getSavedSearch',
        'replaceSavedSearch',
        'renewSavedSearch',
        'deleteSavedSearch',
        'listSavedSearchMatches',
        'createPublishingDestination',
        'listPublishingDestinations',
        'getPublishingDestination',
        'updatePublishingDestination',
        'deletePublishingDestination',
      ].sort(),
    );
    for (const { op } of beta) expect(op.description?.startsWith('Beta.')).toBe(true);
    expect(doc.servers).toEqual([{ url: 'http://localhost:80/v1', description: 'This server' }]);
  });

  it('describes the requests it sends to webhook endpoints (OpenAPI 3.1 webhooks): one per event type and the test event, signed, with what an answer means', () => {
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: Record<string, unknown> }> }).webhooks;
    expect(Object.keys(webhooks)).toEqual([...EVENT_TYPES, 'webhook.test']);
    for (const [type, { post }] of Object.entries(webhooks)) {
      expect((post.parameters as { name: string; in: string; required: boolean }[]).map((p) => `${p.in} ${p.name} ${p.required}`)).toEqual([
        'header webhook-id true',
        'header webhook-timestamp true',
        'header webhook-signature true',
      ]);
      expect(Object.keys(post.responses as object).sort()).toEqual(['2XX', '410', 'default']);
      const schema = (post.requestBody as { content: Record<string, { schema: { $ref?: string; title?: string } }> }).content[
        'application/json'
      ]?.schema;
      if (type === 'webhook.test') expect(schema?.title).toBe('WebhookTestEvent');
      else expect(schema?.$ref).toBe('#/components/schemas/Event');
    }
  });

  it('lists the usage of every operation it documents, in both documents, from the routes alone', async () => {
    const documented = operations().map(({ op }) => op.operationId ?? '');
    const counted = (document: Document) =>
      Object.keys(
        (document.components?.schemas?.UsageBucket as { properties: { byOperation: { properties: object } } }).properties.byOperation
          .properties,
      );
    expect(counted(doc)).toEqual(documented);
    const admin = (await t.app.admin.inject({ url: '/admin/v1/openapi.json' })).json<Document>();
    expect(counted(admin)).toEqual(documented);
    expect(documented).toContain('uploadPhoto');
  });

  it('names its schemas for client generators, with examples, and types petId as Pet.id is typed', () => {
    const schemas = doc.components.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Pet', 'NewPet', 'Error', 'PetStatus', 'RateLimitStatus']));
    expect(schemas.PetStatus).toMatchObject({ type: 'string', enum: [...PET_STATUSES] });
    const created = doc.paths['/pets']?.post;
    const media = (node: unknown) =>
      (node as { content: Record<string, { examples?: unknown; example?: unknown }> }).content['application/json'];
    expect(media((created as unknown as { requestBody: unknown }).requestBody)?.examples).toBeDefined();
    expect(media(created?.responses['201'])?.example).toMatchObject({ id: 42, name: 'Rex' });
    expect(media(resolve(created?.responses['422'] ?? {}))?.example).toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    expect(JSON.stringify(created)).toContain('"$ref":"#/components/schemas/NewPet"');
    expect(JSON.stringify(created?.responses['201'])).toContain('"$ref":"#/components/schemas/Pet"');
    const petId = (
      doc.paths['/pets/{petId}']?.get as unknown as { parameters: { name: string; schema: Record<string, unknown> }[] }
    ).parameters.find((parameter) => parameter.name === 'petId');
    expect(petId?.schema).toMatchObject({ type: 'integer', format: 'int64', minimum: 1 });
    expect((schemas.Pet as { properties: { id: Record<string, unknown> } }).properties.id).toMatchObject({
      type: 'integer',
      format: 'int64',
    });
  });

  it('documents 405 with Allow and 404 for requests no operation takes', () => {
    const components = doc.components as unknown as {
      responses: Record<string, { headers: Record<string, unknown>; content: unknown }>;
      headers: Record<string, unknown>;
    };
    expect(Object.keys(components.responses.MethodNotAllowed?.headers ?? {})).toContain('Allow');
    expect(components.headers.Allow).toMatchObject({ schema: { type: 'string' } });
    expect(JSON.stringify(components.responses.MethodNotAllowed?.content)).toContain('"enum":["method_not_allowed"]');
    expect(JSON.stringify(components.responses.RouteNotFound?.content)).toContain('"enum":["route_not_found"]');
  });

  it('lists production and staging from configuration', async () => {
    const configured = await startTestApp({
      env: { PRODUCTION_BASE_URL: 'https://api.adoption.example/v1', STAGING_BASE_URL: 'https://staging.api.adoption.example/v1' },
    });
    try {
      const document = (await configured.app.http.inject({ url: '/v1/openapi.json' })).json<Document>();
      expect(document.servers).toEqual([
        { url: 'https://api.adoption.example/v1', description: 'Production' },
        { url: 'https://staging.api.adoption.example/v1', description: 'Staging' },
      ]);
    } finally {
      await configured.close();
    }
  });

  it('documents only routes that exist', () => {
    for (const { path, method } of operations()) {
      const url = `${new URL(doc.servers[0]?.url ?? '').pathname}${path.replace(/\{(\w+)\}/g, ':$1')}`;
      expect(t.app.http.hasRoute({ method: method.toUpperCase(), url }), `${method} ${url}`).toBe(true);
    }
  });

  it('requires the bearer scheme', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every response its headers (rate limits; Retry-After on 429, 503 and an in-flight 409; WWW-Authenticate on 401), and each error only the codes it can carry', () => {
    const seen = new Set<string>();
    for (const { op, method } of operations()) {
      if (method === 'head') continue;
      // An operation that takes no key (a photo an <img> loads: security []) has no 401.
      const keyless = Array.isArray(op.security) && op.security.length === 0;
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining([...(keyless ? [] : ['401']), '429', '500', '503']));
      for (const [status, reference] of Object.entries(op.responses)) {
        const response = resolve(reference);
        const headers = Object.keys(response.headers ?? {});
        expect(headers, `${op.operationId} ${status}`).toEqual(
          expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id']),
        );
        if (['429', '503'].includes(status)) expect(headers).toContain('Retry-After');
        if (status === '409') {
          // Only a create's 409 (an Idempotency-Key in flight) asks to retry; a state conflict does not.
          const inFlight = JSON.stringify(response.content).includes('idempotency_key_in_flight');
          expect(headers.includes('Retry-After'), `${op.operationId} 409`).toBe(inFlight);
        }
        if (status === '401') expect(headers).toContain('WWW-Authenticate');
        if (Number(status) >= 400) {
          const schema = response.content?.['application/json']?.schema as {
            allOf: [{ $ref: string }, { properties: { code: { enum: string[] } } }];
          };
          expect(schema.allOf[0].$ref).toBe('#/components/schemas/Error');
          const codes = schema.allOf[1].properties.code.enum;
          expect(codes.length).toBeGreaterThan(0);
          for (const code of codes) {
            expect(statusOf(code), `${op.operationId} ${status} ${code}`).toBe(Number(status));
            seen.add(code);
          }
        }
      }
    }
    // Every code the public API answers with, and none only the admin API does (key_not_active, organization_exists).
    expect([...seen].sort()).toEqual(
      ERROR_CODES.filter(
        (c) =>
          [400, 401, 403, 404, 409, 410, 412, 413, 415, 416, 422, 428, 429, 500, 503].includes(statusOf(c)) &&
          !['route_not_found', 'key_not_active', 'organization_exists'].includes(c),
      ).sort(),
    );
    const getPet = doc.paths['/pets/{petId}']?.get;
    for (const status of ['200', '410']) {
      expect(Object.keys(resolve(getPet?.responses[status] ?? {}).headers ?? {})).toEqual(
        expect.arrayContaining(['Deprecation', 'Sunset', 'Link']),
      );
    }
    expect(Object.keys(resolve(doc.paths['/pets']?.post?.responses['201'] ?? {}).headers ?? {})).toEqual(
      expect.arrayContaining(['Location', 'Idempotent-Replayed']),
    );
  });

  it('names the serving instance as it is reached when no base URL is configured, through a trusted proxy too', async () => {
    const direct = (await t.app.http.inject({ url: '/v1/openapi.json', headers: { host: 'adoption.internal:3000' } })).json<Document>();
    expect(direct.servers).toEqual([{ url: 'http://adoption.internal:3000/v1', description: 'This server' }]);
    const proxied = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const response = await proxied.app.http.inject({
        url: '/v1/openapi.json',
        headers: { host: 'app:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.adoption.example' },
      });
      expect(response.json<Document>().servers).toEqual([{ url: 'https://api.adoption.example/v1', description: 'This server' }]);
    } finally {
      await proxied.close();
    }
  });

  it('names the admin listener the same way, so a client generated from the admin document has an absolute base URL', async () => {
    const admin = (
      await t.app.admin.inject({ url: '/admin/v1/openapi.json', headers: { host: 'adoption-admin.internal:3001' } })
    ).json<Document>();
    expect(admin.servers).toEqual([{ url: 'http://adoption-admin.internal:3001/admin/v1', description: 'This admin listener' }]);
  });

  it('lists no HEAD operation (HEAD is answered on every GET path, as the description says), and each Link meaning a header component of its own', () => {
    expect(operations().filter(({ method }) => method === 'head')).toEqual([]);
    expect((doc as unknown as { info: { description: string } }).info.description).toContain('answers HEAD too');
    const headers = (doc.components as unknown as { headers: Record<string, { description: string; required?: boolean }> }).headers;
    expect(resolve(doc.paths['/pets']?.get?.responses['200'] ?? {}).headers?.Link).toEqual({ $ref: '#/components/headers/LinkNext' });
    expect(resolve(doc.paths['/pets/{petId}']?.get?.responses['200'] ?? {}).headers?.Link).toEqual({
      $ref: '#/components/headers/LinkDeprecated',
    });
    expect(resolve(doc.paths['/pets/{petId}']?.get?.responses['410'] ?? {}).headers?.Link).toEqual({
      $ref: '#/components/headers/LinkDeprecated',
    });
    expect(headers.LinkNext?.required).toBeUndefined();
    expect(headers.LinkDeprecated?.required).toBe(true);
    for (const name of [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'RateLimit-Policy',
      'X-Request-Id',
      'Retry-After',
      'WWW-Authenticate',
      'Location',
      'Deprecation',
      'Sunset',
      'Allow',
    ]) {
      expect(headers[name]?.required, name).toBe(true);
    }
  });

  it('gives every component its own description: a schema the text of its own module, and no two components the same text', () => {
    const described = (schema: unknown) => (schema as { description?: string }).description;
    const own: Record<string, string | undefined> = {
      Error: described(ErrorSchema),
      Pet: described(PetSchema),
      NewPet: described(NewPetSchema),
      Pets: described(PetsSchema),
      RateLimitWindow: described(WindowStatusSchema),
      RateLimitStatus: described(RateLimitStatusSchema),
    };
    const schemas = doc.components.schemas ?? {};
    for (const [name, description] of Object.entries(own)) {
      expect(description, name).toEqual(expect.any(String));
      expect(schemas[name]?.description, name).toBe(description);
    }
    const all = (['schemas', 'headers', 'responses'] as const).flatMap((kind) =>
      Object.entries((doc.components as unknown as Record<string, Record<string, { description?: string }>>)[kind] ?? {}).map(
        ([name, c]) => [`${kind}/${name}`, c.description] as const,
      ),
    );
    const byText = new Map<string, string[]>();
    for (const [name, text] of all) if (text) byText.set(text, [...(byText.get(text) ?? []), name]);
    expect([...byText.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('explains on its first page what a client developer needs: authentication, plans and limits, rate-limit headers, errors, idempotency, paging', async () => {
    const info = (doc as unknown as { info: { description: string } }).info;
    for (const section of [
      '## Authentication',
      '## Plans and limits',
      '## Rate-limit headers',
      '## Errors',
      '## Retrying creates',
      '## Paging',
    ]) {
      expect(info.description).toContain(section);
    }
    for (const [plan, limits] of Object.entries(PLAN_LIMITS))
      expect(info.description).toContain(`| ${plan} | ${limits.perMinute} | ${limits.perDay} |`);
    expect(info.description).toContain('[/v1/openapi.json](/v1/openapi.json)');
    // The docs page renders the same document.
    const page = await t.app.http.inject({ url: '/v1/docs/json' });
    expect(page.json<{ info: { description: string } }>().info.description).toBe(info.description);
  });

  it('serves a human docs page', async () => {
    const response = await t.app.http.inject({ url: '/v1/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

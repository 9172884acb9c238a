/** The served OpenAPI document: valid 3.1 by a third-party validator, and true to the routes. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { PET_STATUSES } from '../../src/domain/pet-status.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Operation {
  operationId?: string;
  deprecated?: boolean;
  security?: unknown[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  security: unknown[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
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

  it('is served without a key and validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes exactly the four operations, getPet deprecated', () => {
    const ids = Object.fromEntries(
      operations().map(({ path, method, op }): [string, string] => [op.operationId ?? '', `${method.toUpperCase()} ${path}`]),
    );
    expect(ids).toEqual({ listPets: 'GET /pets', createPet: 'POST /pets', getPet: 'GET /pets/{petId}', getRateLimit: 'GET /rate_limit' });
    expect(operations().filter(({ op }) => op.deprecated).map(({ op }) => op.operationId)).toEqual(['getPet']);
    expect(doc.servers[0]?.url).toBe('/v1');
  });

  it('documents only routes that exist', () => {
    for (const { path, method } of operations()) {
      const url = `${doc.servers[0]?.url}${path.replace(/\{(\w+)\}/g, ':$1')}`;
      expect(t.app.http.hasRoute({ method: method.toUpperCase(), url }), `${method} ${url}`).toBe(true);
    }
  });

  it('requires the bearer scheme', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every response its rate-limit headers, 429 its Retry-After, and errors the Error body with every code', () => {
    for (const { op } of operations()) {
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '429', '500']));
      for (const [status, response] of Object.entries(op.responses)) {
        expect(Object.keys(response.headers ?? {}), `${op.operationId} ${status}`).toEqual(
          expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        );
        if (status === '429') expect(response.headers).toHaveProperty('Retry-After');
        if (Number(status) >= 400) {
          const schema = response.content?.['application/json']?.schema as { properties: { code: { enum: string[] } } };
          expect(schema.properties.code.enum).toEqual([...ERROR_CODES]);
        }
      }
    }
    const getPet = doc.paths['/pets/{petId}']?.get;
    expect(Object.keys(getPet?.responses['200']?.headers ?? {})).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
  });

  it('takes the status enumeration from the domain', () => {
    const body = JSON.stringify(doc.paths['/pets']);
    expect(body).toContain(JSON.stringify({ type: 'string', enum: [...PET_STATUSES] }).slice(1, -1));
  });

  it('serves a human docs page', async () => {
    const response = await t.app.http.inject({ url: '/v1/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

/**
 * The scopes table of docs/api.md against the server: every operation of the served document is in
 * exactly one row, and a key without a row's scope gets 403 forbidden on each of its operations,
 * while a key with it does not.
 */
import type { KeyScope } from '../../../src/domain/access/api-key.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';

/** The table's rows: scope (or "any valid key", "no key") to its operations, as `METHOD /v1/path`. */
function documentedScopes(): Map<string, string> {
  const page = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const table = page.slice(page.indexOf('### Scopes'), page.indexOf('A key without the scope an operation needs'));
  const scopes = new Map<string, string>();
  for (const [, scope, operations] of [
    ...table.matchAll(/^\| (`(?:pets|webhooks|searches|publishing):\w+`)?(?: \([^|]*\))?(any valid key|no key)? \| (.+) \|$/gm),
  ].map(([all, scoped, other, listed]) => [all, scoped ?? other ?? '', listed ?? ''] as const)) {
    for (const [, operation] of operations.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/v1\/[^`]+)`/g)) {
      expect(scopes.has(operation as string), `${operation} is in one row only`).toBe(false);
      scopes.set(operation as string, scope.replaceAll('`', ''));
    }
  }
  return scopes;
}

describe('scopes, as docs/api.md lists them', () => {
  let t: TestApp;
  let operations: string[];
  beforeAll(async () => {
    t = await startTestApp();
    const document = (await t.app.http.inject({ url: '/v1/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} /v1${path}`),
    );
  });
  afterAll(async () => t.close());

  it('lists every operation of the document once, and nothing else', () => {
    const documented = [...documentedScopes().keys()].filter((operation) => operation !== 'GET /v1/openapi.json');
    expect(documented.sort()).toEqual([...operations].sort());
  });

  it("refuses each operation with 403 to a key without its row's scope, and not to a key with it", async () => {
    const keyWith = async (scopes: KeyScope[]) =>
      `Bearer ${(await t.app.keys.issue({ name: scopes.join(), plan: 'business', ownerId: 'acct_scopes', scopes })).key}`;
    const [reader, writer] = [await keyWith(['pets:read']), await keyWith(['pets:write'])];
    // A partner that only reads, and keeps webhook endpoints and saved searches.
    const follower = await keyWith(['pets:read', 'webhooks:write', 'searches:write']);
    // A shelter's key that keeps its publishing destinations, and nothing else.
    const publisher = await keyWith(['publishing:write']);
    const scopes = documentedScopes();
    const checked: string[] = [];
    for (const operation of operations) {
      const [method, path] = operation.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      // Any well-formed value: the scope is decided before the parameters are looked at.
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'petId' ? '1' : name === 'size' ? 'small' : `x_${name}`));
      const call = (authorization: string) =>
        t.app.http.inject({ method, url, headers: { authorization }, ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }) });
      const scope = scopes.get(operation);
      if (scope === 'pets:read' || scope === 'pets:write') {
        const [without, withIt] = scope === 'pets:read' ? [writer, reader] : [reader, writer];
        expect(expectError(await call(without), 403, 'forbidden').message, operation).toBe(
          `This API key does not have the ${scope} scope this operation needs`,
        );
        expect((await call(withIt)).statusCode, operation).not.toBe(403);
        if (scope === 'pets:write') expectError(await call(follower), 403, 'forbidden');
      } else if (scope === 'webhooks:write' || scope === 'searches:write') {
        expect(expectError(await call(reader), 403, 'forbidden').message, operation).toBe(
          `This API key does not have the ${scope} scope this operation needs`,
        );
        for (const key of [follower, writer]) expect((await call(key)).statusCode, operation).not.toBe(403);
      } else if (scope === 'publishing:write') {
        for (const key of [reader, writer, follower]) {
          expect(expectError(await call(key), 403, 'forbidden').message, operation).toBe(
            'This API key does not have the publishing:write scope this operation needs',
          );
        }
        expect((await call(publisher)).statusCode, operation).not.toBe(403);
      } else {
        for (const key of [reader, writer]) expect((await call(key)).statusCode, operation).not.toBe(403);
      }
      checked.push(operation);
    }
    expect(checked.length).toBe(operations.length);
  });
});

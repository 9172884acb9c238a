/** Refusals that say what is true and what to do next, where they once misled. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';

describe('messages that say what is true', () => {
  let t: TestApp;
  let auth: string;
  beforeEach(async () => {
    t = await startTestApp();
    auth = await t.bearer();
  });
  afterEach(async () => t.close());

  it('GET /v1 points at the operations under /v1/ and the reference, instead of saying the API lives under /v1', async () => {
    const response = await t.app.http.inject({ url: '/v1', headers: { authorization: auth } });
    const { message } = expectError(response, 404, 'route_not_found');
    expect(message).toBe('No route GET /v1: the operations are under /v1/ (/v1/pets, for one), and the reference at /v1/docs/');
    expect(expectError(await t.app.http.inject({ url: '/pets' }), 404, 'route_not_found').message).toBe(
      'No route GET /pets; the API lives under /v1',
    );
  });

  it('a __proto__ key is named as what it is (valid JSON, refused), and nothing is stored', async () => {
    const response = await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: '{"name":"Rex","categoryId":1,"__proto__":{"status":"sold"}}',
    });
    expect(expectError(response, 400, 'invalid_json').message).toMatch(
      /^The request body holds a "__proto__" or "constructor.prototype" key: valid JSON, but refused/,
    );
    const broken = await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(expectError(broken, 400, 'invalid_json').message).toBe('The request body is not valid JSON');
    expect((await t.app.http.inject({ url: '/v1/pets', headers: { authorization: auth } })).json()).toEqual([]);
  });

  it('usage: a date that does not exist is a query parameter, and a from in the future is 400 as docs/api.md says', async () => {
    const missing = await t.app.http.inject({ url: '/v1/usage?from=2026-02-30T00:00:00Z', headers: { authorization: auth } });
    expect(expectError(missing, 400, 'invalid_request').message).toBe("query parameter 'from' is not a date that exists");
    const future = new Date(t.clock.nowMs() + 3_600_000).toISOString();
    const ahead = await t.app.http.inject({ url: `/v1/usage?from=${future}`, headers: { authorization: auth } });
    expect(expectError(ahead, 400, 'invalid_request').message).toContain('from is in the future');
    const admin = await t.adminBearer();
    const { record } = await t.app.keys.issue({ name: 'k', plan: 'pro' });
    const adminAhead = await t.app.admin.inject({
      url: `/admin/v1/keys/${record.id}/usage?from=${future}`,
      headers: { authorization: admin },
    });
    expect(adminAhead.statusCode).toBe(400);
    expect(adminAhead.json<{ message: string }>().message).toContain('from is in the future');
  });

  it('an empty change on the admin API names what is missing, not the validator', async () => {
    const admin = await t.adminBearer();
    const { record } = await t.app.keys.issue({ name: 'k', plan: 'pro' });
    const response = await t.app.admin.inject({
      method: 'PATCH',
      url: `/admin/v1/keys/${record.id}`,
      headers: { authorization: admin },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_request',
      message: 'the request body must name at least one field to change',
      status: 400,
    });
  });
});

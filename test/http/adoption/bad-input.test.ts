/** Every bad input: a clear Error body, the rate-limit headers, and nothing stored or changed. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

describe('bad input', () => {
  let t: TestApp;
  let auth: string;
  let before: string;

  beforeEach(async () => {
    t = await startTestApp();
    auth = await t.bearer('business');
    await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: auth },
      payload: { name: 'Kept', categoryId: 1 },
    });
    before = (await list()).body;
  });
  afterEach(async () => {
    // Nothing already stored is lost or changed, and nothing new is added.
    expect((await list()).body).toBe(before);
    await t.close();
  });

  function list() {
    return t.app.http.inject({ method: 'GET', url: '/v1/pets?limit=100', headers: { authorization: auth } });
  }

  function post(payload: string, contentType = 'application/json') {
    return t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: auth, 'content-type': contentType },
      payload,
    });
  }

  it.each([
    ['{"categoryId":1}', /'name' is required/],
    ['{"name":"Rex"}', /'categoryId' is required/],
    ['{"name":"Rex","categoryId":1,"colour":"brown"}', /'colour' is not recognised/],
    ['{"name":"Rex","categoryId":1,"stauts":"sold"}', /'stauts' is not recognised/],
    ['{"name":"","categoryId":1}', /'name'/],
    ['{"name":"   ","categoryId":1}', /'name' must be a string of 1 to 100 characters with at least one visible one/],
    [`{"name":"${'x'.repeat(101)}","categoryId":1}`, /field 'name' must be a string of 1 to 100 characters with at least one visible one/],
    ['{"name":42,"categoryId":1}', /field 'name' must be a string of 1 to 100 characters/],
    ['{"name":"Rex","categoryId":"7"}', /field 'categoryId' must be an integer from 1 to 9007199254740991/],
    ['{"name":"Rex","categoryId":1.5}', /field 'categoryId' must be an integer from 1 to 9007199254740991/],
    ['{"name":"Rex","categoryId":0}', /'categoryId'.*1 to 9007199254740991/],
    ['{"name":"Rex","categoryId":-4}', /'categoryId'.*1 to 9007199254740991/],
    ['{"name":"Rex","categoryId":9007199254740992}', /'categoryId'.*1 to 9007199254740991/],
    ['{"name":"Rex","categoryId":9223372036854775807}', /'categoryId'.*1 to 9007199254740991/],
    ['{"name":"Rex","categoryId":1,"status":"adopted"}', /'status' must be one of: available, pending, sold/],
    ['{"name":"Rex","categoryId":1,"id":5}', /'id' is not recognised/],
    ['[{"name":"Rex","categoryId":1}]', /body must be a JSON object/],
    ['null', /body must be a JSON object/],
  ])('POST %s → 400 invalid_request', async (payload, message) => {
    const response = await post(payload);
    expect(expectError(response, 400, 'invalid_request').message).toMatch(message);
    expectRateLimitHeaders(response);
  });

  it.each([
    ['{"name":"Rex",', 'invalid_json'],
    ['', 'invalid_json'],
  ])('POST %j → 400 %s', async (payload, code) => {
    const response = await post(payload);
    expectError(response, 400, code);
    expectRateLimitHeaders(response);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await post('name=Rex&categoryId=1', 'application/x-www-form-urlencoded');
    expect(expectError(response, 415, 'unsupported_media_type').message).toContain('application/json');
    expectRateLimitHeaders(response);
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(70_000), categoryId: 1 }));
    expect(expectError(response, 413, 'payload_too_large').message).toContain('65536');
    expectRateLimitHeaders(response);
  });

  it.each([
    ['/v1/pets?limit=0', /query parameter 'limit' must be an integer from 1 to 100/],
    ['/v1/pets?limit=101', /query parameter 'limit' must be an integer from 1 to 100/],
    ['/v1/pets?limit=ten', /query parameter 'limit' must be an integer from 1 to 100/],
    ['/v1/pets?limit=2.5', /query parameter 'limit' must be an integer from 1 to 100/],
    ['/v1/pets?status=adopted', /'status' must be one of: available, pending, sold/],
    // A list parameter is named as written, not by its item's index.
    ['/v1/pets?status=available,adopted', /query parameter 'status' must be one of/],
    ['/v1/pets?fields=name,bogus', /query parameter 'fields' must list fields of Pet/],
    ['/v1/pets?ageGroup=young,ancient', /query parameter 'ageGroup' must /],
    ['/v1/pets?expand=owner', /query parameter 'expand' must be one of: organization/],
    ['/v1/pets?stauts=sold', /'stauts' is not recognised/],
    ['/v1/pets?cursor=%%%', /./],
    ['/v1/pets?cursor=bm90LWEtY3Vyc29y', /cursor is not valid/],
    ['/v1/pets/abc', /'petId'.*1 to 9007199254740991/],
    ['/v1/pets/-1', /'petId'.*1 to 9007199254740991/],
    ['/v1/pets/0', /path parameter 'petId' must be an integer from 1 to 9007199254740991/],
    ['/v1/pets/1.5', /'petId'/],
    ['/v1/pets/9007199254740993', /path parameter 'petId' must be an integer from 1 to 9007199254740991/],
    ['/v1/pets/99999999999999999999999', /'petId'/],
  ])('GET %s → 400 invalid_request', async (url, message) => {
    const response = await t.app.http.inject({ method: 'GET', url, headers: { authorization: auth } });
    expect(expectError(response, 400, 'invalid_request').message).toMatch(message);
    expectRateLimitHeaders(response);
  });
});

describe('unknown query fields', () => {
  it.each(['/v1/rate_limit?foo=1', '/v1/rate_limit?%zz', '/v1/pets/1?expand=1', '/v1/pets?foo=1'])(
    'refuses %s with 400, like the list, naming the field',
    async (url) => {
      const t = await startTestApp();
      try {
        const headers = { authorization: await t.bearer('pro') };
        await t.app.http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: 'Rex', categoryId: 1 } });
        const response = await t.app.http.inject({ url, headers });
        const { message } = expectError(response, 400, 'invalid_request');
        console.info(`[measure] ${url}: ${message}`);
      } finally {
        await t.close();
      }
    },
  );
});

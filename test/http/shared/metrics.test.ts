/** GET /metrics: on the admin listener by default; Prometheus series after some traffic; bounded labels; never a key or key id; the token. */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/env.js';
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { expectError, seriesValue, startTestApp, TEST_ADAPTERS, type TestApp } from '../../support/test-app.js';

const TOKEN = 'scrape-token-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const scrape = async (headers: Record<string, string> = {}) => {
    const response = await t.app.admin.inject({ url: '/metrics', headers });
    return { response, text: response.body };
  };
  const value = seriesValue;

  it('counts requests by route and status, rate-limit decisions by outcome and plan, and bans', async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BAN_THRESHOLD: '2' } });
    const pro = await t.bearer('pro');
    const free = await t.bearer('free');
    const send = (authorization: string | undefined, url = '/v1/pets', method: 'GET' | 'POST' = 'GET') =>
      t.app.http.inject({
        method,
        url,
        headers: authorization ? { authorization } : {},
        ...(method === 'POST' && { payload: { name: 'Rex', categoryId: 1 } }),
      });
    for (let i = 0; i < 3; i++) await send(pro);
    await send(pro, '/v1/pets', 'POST');
    await send(pro, '/v1/pets/1');
    await send(undefined);
    await send(pro, '/v1/nowhere');
    const freeMinute = PLAN_LIMITS.free.perMinute;
    // The Free key's whole minute, then one refusal (limited) and one that bans it (threshold 2).
    for (let i = 0; i < freeMinute + 2; i++) await send(free);

    const { response, text } = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    expect(value(text, 'http_requests_total{method="GET",route="/v1/pets",status="200"}')).toBe(3 + freeMinute);
    expect(value(text, 'http_requests_total{method="POST",route="/v1/pets",status="201"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="GET",route="/v1/pets/:petId",status="200"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="GET",route="/v1/pets",status="401"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="GET",route="/v1/pets",status="429"}')).toBe(2);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/v1/pets"}')).toBe(3 + 1 + freeMinute + 2);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    // Buckets are cumulative, in order, and end at +Inf with the count; the sum is the time spent.
    // Label order within the braces carries no meaning in the exposition format.
    const buckets = [...text.matchAll(/^http_request_duration_seconds_bucket\{([^}]*)\} (\d+)$/gm)]
      .map((line) => ({ labels: new Map([...(line[1] as string).matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]])), count: line[2] }))
      .filter(({ labels }) => labels.get('method') === 'GET' && labels.get('route') === '/v1/pets')
      .map(({ labels, count }) => ({ le: labels.get('le'), count: Number(count) }));
    expect(buckets.map((b) => b.le)).toEqual([
      '0.001',
      '0.0025',
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '+Inf',
    ]);
    const counts = buckets.map((b) => b.count);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(3 + 1 + freeMinute + 2);
    expect(value(text, 'http_request_duration_seconds_sum{method="GET",route="/v1/pets"}')).toBeGreaterThan(0);
    expect(value(text, 'rate_limit_decisions_total{outcome="admitted",plan="pro"}')).toBe(6);
    expect(value(text, 'rate_limit_decisions_total{outcome="admitted",plan="anonymous"}')).toBe(1);
    expect(value(text, 'rate_limit_decisions_total{outcome="limited",plan="free"}')).toBe(1);
    expect(value(text, 'rate_limit_decisions_total{outcome="banned",plan="free"}')).toBe(1);
    expect(value(text, 'rate_limit_bans_total{plan="free"}')).toBe(1);
    expect(value(text, 'rate_limiter_degraded')).toBe(0);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // Nothing that grows with clients: no key, no key id, no raw path.
    const ids = (await t.app.keys.list({ limit: 100 })).map((r) => r.id);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('/v1/nowhere');
    expect(text).not.toContain('/v1/pets/1"');
  });

  it('names the running build, and times each storage call by store and operation (none in memory)', async () => {
    t = await startTestApp();
    const bearer = await t.bearer('pro');
    for (let i = 0; i < 3; i++) await t.app.http.inject({ url: '/v1/pets', headers: { authorization: bearer } });
    await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: bearer },
      payload: { name: 'Rex', categoryId: 1 },
    });
    const { text } = await scrape();
    expect(text).toMatch(/^build_info\{version="\d+\.\d+\.\d+[^"]*",commit="(unknown|[0-9a-f]{7,40})"\} 1$/m);
    expect(text).toMatch(/^# TYPE storage_call_duration_seconds histogram$/m);
    if (TEST_ADAPTERS === 'memory') {
      expect(text).not.toMatch(/^storage_call_duration_seconds_count/m);
      return;
    }
    // Four admissions on Redis; three lists on MongoDB.
    expect(value(text, 'storage_call_duration_seconds_count{store="redis",operation="rate_limiter.admit"}')).toBe(4);
    expect(value(text, 'storage_call_duration_seconds_count{store="mongodb",operation="pets.search"}')).toBe(3);
    expect(value(text, 'storage_call_duration_seconds_bucket{store="redis",operation="rate_limiter.admit",le="+Inf"}')).toBe(4);
    expect(value(text, 'storage_call_duration_seconds_sum{store="redis",operation="rate_limiter.admit"}')).toBeGreaterThan(0);
  });

  it('asks for METRICS_TOKEN when it is set', async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const missing = (await scrape()).response;
    expectError(missing, 401, 'unauthorized');
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expectError((await scrape({ authorization: `Bearer ${TOKEN}x` })).response, 401, 'unauthorized');
    expectError((await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}` })).response, 401, 'unauthorized');
    expect((await scrape({ authorization: `Bearer ${TOKEN}` })).response.statusCode).toBe(200);
  });

  it('is served on the admin listener by default, never on the public one, whose traffic and failed logins it would show', async () => {
    t = await startTestApp();
    expect((await scrape()).response.statusCode).toBe(200);
    const publicDoor = await t.app.http.inject({ url: '/metrics' });
    expectError(publicDoor, 404, 'route_not_found');
    expect(publicDoor.body).not.toContain('http_requests_total');
  });

  it('moves to the public listener only when configured, and then only with METRICS_TOKEN', async () => {
    expect(() => loadConfig({ METRICS_LISTENER: 'public' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_LISTENER: 'public' })).toThrow('METRICS_LISTENER=public needs METRICS_TOKEN');
    expect(() => loadConfig({ METRICS_LISTENER: 'everywhere' })).toThrow(/METRICS_LISTENER/);
    t = await startTestApp({ env: { METRICS_LISTENER: 'public', METRICS_TOKEN: TOKEN } });
    expectError(await t.app.http.inject({ url: '/metrics' }), 401, 'unauthorized');
    const scraped = await t.app.http.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toMatch(/^build_info\{/m);
    expectError((await scrape({ authorization: `Bearer ${TOKEN}` })).response, 404, 'route_not_found');
  });
});

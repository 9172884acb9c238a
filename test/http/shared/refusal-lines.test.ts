/**
 * A flood in the log, as an operator reads it: a key's first refusal in a second has its access line;
 * the rest are in "requests refused" lines with the key and every request id, at most 100 a line.
 * Every refused request's id is in the log exactly once; admitted requests keep a line each.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS, PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Line = Record<string, unknown>;

const FREE = PLAN_LIMITS.free;

describe('a flood in the log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const parsed = (lines: string[]): Line[] => lines.map((text) => JSON.parse(text) as Line);

  /** Sends `count` requests that must all be answered `status`; returns their request ids. */
  async function send(app: TestApp, count: number, status: number, authorization?: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await app.app.http.inject({ url: '/v1/pets?limit=1', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(status);
      ids.push(response.headers['x-request-id'] as string);
    }
    return ids;
  }

  it("writes each key's first refusal in full and every other refused id once, by key, in lines of at most 100", async () => {
    const logLines: string[] = [];
    const app = await startTestApp({ logLines, env: { LOG_LEVEL: 'info' } });
    t = app;
    const flooder = await app.bearer('free');
    const other = await app.bearer('free');
    const admitted = await send(app, FREE.perMinute, 200, flooder);
    const flooded = await send(app, 250, 429, flooder);
    const otherAdmitted = await send(app, FREE.perMinute, 200, other);
    const otherRefused = await send(app, 3, 429, other);
    const anonymousAdmitted = await send(app, ANONYMOUS_LIMITS.perMinute, 401);
    const anonymousRefused = await send(app, 5, 429);
    // Closing writes what is still gathered.
    await app.close();
    t = undefined;

    const lines = parsed(logLines);
    const access = lines.filter((line) => line.msg === 'request');
    const gathered = lines.filter((line) => line.msg === 'requests refused');
    // Admitted (and 401) requests: a line each, as always.
    const accessIds = (status: number) => access.filter((line) => line.status === status).map((line) => line.reqId);
    expect(accessIds(200)).toEqual([...admitted, ...otherAdmitted]);
    expect(accessIds(401)).toEqual(anonymousAdmitted);
    // Refused: the first of each key (and of the callers without one) in full, with its route and key.
    const fullRefusals = access.filter((line) => line.status === 429);
    expect(fullRefusals.map((line) => line.reqId)).toEqual([flooded[0], otherRefused[0], anonymousRefused[0]]);
    expect(fullRefusals.map((line) => line.route)).toEqual(['/v1/pets', '/v1/pets', '/v1/pets']);
    const [flooderKey, otherKey] = fullRefusals.map((line) => line.keyId as string);
    expect(flooderKey).toMatch(/^key_/);
    expect(otherKey).toMatch(/^key_/);
    expect(fullRefusals[2]).not.toHaveProperty('keyId');
    // The rest, by key: every id once, in order, at most 100 a line, the counts and routes adding up.
    const idsOf = (keyId: string | undefined) => gathered.filter((line) => line.keyId === keyId).flatMap((line) => line.reqIds as string[]);
    expect(idsOf(flooderKey)).toEqual(flooded.slice(1));
    expect(idsOf(otherKey)).toEqual(otherRefused.slice(1));
    expect(idsOf(undefined)).toEqual(anonymousRefused.slice(1));
    expect(gathered.filter((line) => line.keyId === flooderKey).map((line) => line.count)).toEqual([100, 100, 49]);
    for (const line of gathered) {
      expect(line).toMatchObject({ level: 30, status: 429, routes: { 'GET /v1/pets': line.count } });
      expect(line.reqIds).toHaveLength(line.count as number);
    }
    // Every refused request's id is in the log exactly once.
    const logged = [...fullRefusals.map((line) => line.reqId), ...gathered.flatMap((line) => line.reqIds as string[])];
    expect(logged.toSorted()).toEqual([...flooded, ...otherRefused, ...anonymousRefused].toSorted());
  });

  it('writes what it gathered within a second or so while the service runs', async () => {
    const logLines: string[] = [];
    t = await startTestApp({ logLines, env: { LOG_LEVEL: 'info' } });
    const key = await t.bearer('free');
    await send(t, FREE.perMinute, 200, key);
    const refused = await send(t, 3, 429, key);
    const deadline = Date.now() + 10_000;
    const gatheredIds = () =>
      parsed(logLines)
        .filter((line) => line.msg === 'requests refused')
        .flatMap((line) => line.reqIds as string[]);
    while (gatheredIds().length < 2) {
      if (Date.now() > deadline) throw new Error('the gathered refusals were not written within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(gatheredIds()).toEqual(refused.slice(1));
  });

  it('writes no refusal line below info, as no access line', async () => {
    const logLines: string[] = [];
    const app = await startTestApp({ logLines, env: { LOG_LEVEL: 'warn' } });
    t = app;
    const key = await app.bearer('free');
    await send(app, FREE.perMinute, 200, key);
    await send(app, 5, 429, key);
    await app.close();
    t = undefined;
    expect(parsed(logLines).filter((line) => line.msg === 'request' || line.msg === 'requests refused')).toEqual([]);
  });
});

/**
 * A create whose MongoDB write outlives its request: the reply held back past MONGODB_TIMEOUT_MS
 * (the pet is stored, the client hears 503), or the write itself held and delivered after the 503,
 * before or after the client's retry. One Idempotency-Key stores one pet whatever the order.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { mongoCommandOn, startHoldingProxy, type HoldingProxy } from '../../support/holding-proxy.js';
import { backend, describeWith, openTestDatabase } from '../../support/integration.js';
import { expectError } from '../../support/test-app.js';

const MONGO_TIMEOUT_MS = 300;

describeWith('mongo', 'Idempotent creates whose write lands late', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: HoldingProxy;
  let app: Application;
  let headers: Record<string, string>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const target = new URL(backend('mongo').url.replace(/^mongodb:/, 'http:'));
    proxy = await startHoldingProxy({ host: target.hostname, port: Number(target.port || 27017) });
    app = await createApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        MONGODB_URL: `mongodb://127.0.0.1:${proxy.port}/?directConnection=true`,
        MONGODB_DATABASE: database.name,
        MONGODB_TIMEOUT_MS: String(MONGO_TIMEOUT_MS),
      }),
    );
    const { key } = await app.keys.issue({ name: 'Retrying client', plan: 'business' });
    headers = { authorization: `Bearer ${key}` };
  });
  afterAll(async () => {
    await app?.http.close();
    await proxy?.close();
    await database?.close();
  });

  const create = (idempotencyKey: string, name: string) =>
    app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...headers, 'idempotency-key': idempotencyKey },
      payload: { name, categoryId: 3 },
    });

  async function timedOut(idempotencyKey: string, name: string): Promise<LightMyRequestResponse> {
    const started = performance.now();
    const response = await create(idempotencyKey, name);
    const ms = Math.round(performance.now() - started);
    console.info(`[measure] late write: the 503 came in ${ms} ms (MONGODB_TIMEOUT_MS ${MONGO_TIMEOUT_MS})`);
    // Answered while the proxy still holds the write or its reply, which it does until released: the
    // request was cut by its timeout, not by the write (how long that took is a measure, not a test).
    expect(proxy.holding).toBe(true);
    expectError(response, 503, 'service_unavailable');
    return response;
  }

  const stored = (name: string) => database.db.collection('pets').find({ name }).toArray();

  /** Reports the scenario, and asserts that exactly one pet was stored: the one the retry answered with. */
  async function expectOnePet(scenario: string, retry: LightMyRequestResponse, name: string): Promise<void> {
    const pets = await stored(name);
    console.info(
      `[measure] late write, ${scenario}: first attempt 503, retry ${retry.statusCode}${retry.headers['idempotent-replayed'] ? ' (replayed)' : ''}, pets stored: ${pets.length}`,
    );
    expect(pets).toHaveLength(1);
    expect(retry.json<{ id: number }>().id).toBe(Number(pets[0]?._id));
  }

  it('stores one pet when the reply is held back: the write landed, the client heard 503, the retry gets that pet', async () => {
    proxy.holdWhen(mongoCommandOn('insert', 'pets'), 'replies');
    await timedOut('reply-held', 'Reply held');
    const retry = await create('reply-held', 'Reply held');
    await proxy.release();
    await expectOnePet('reply held back past the timeout', retry, 'Reply held');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await create('reply-held', 'Reply held')).json()).toEqual(retry.json());
  });

  it('stores one pet when the write itself lands after the 503 and after the retry', async () => {
    proxy.holdWhen(mongoCommandOn('insert', 'pets'), 'requests');
    await timedOut('write-after-retry', 'Late after retry');
    const retry = await create('write-after-retry', 'Late after retry');
    expect(retry.statusCode).toBe(201);
    // Now the first attempt's insert reaches the server: it meets the retry's pet on the same id.
    await proxy.release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expectOnePet('write delivered after the 503 and after the retry', retry, 'Late after retry');
    const again = await create('write-after-retry', 'Late after retry');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
  });

  it('stores one pet when the write lands after the 503 but before the retry', async () => {
    proxy.holdWhen(mongoCommandOn('insert', 'pets'), 'requests');
    await timedOut('write-before-retry', 'Late before retry');
    await proxy.release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored('Late before retry')).toHaveLength(1);
    const retry = await create('write-before-retry', 'Late before retry');
    await expectOnePet('write delivered after the 503, before the retry', retry, 'Late before retry');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});

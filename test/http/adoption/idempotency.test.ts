/** Idempotency-Key on POST /v1/pets: replays, reuse with another body, races, and what is not remembered. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryAdapters } from '../../../src/config/adapters.js';
import { ServiceUnavailableError } from '../../../src/domain/shared/errors.js';
import { expectError, expectRaceOutcome, startTestApp, type TestApp } from '../../support/test-app.js';

describe('Idempotency-Key on POST /v1/pets', () => {
  let t: TestApp;
  let auth: string;

  beforeEach(async () => {
    t = await startTestApp();
    auth = await t.bearer('business');
  });
  afterEach(async () => t.close());

  const create = (body: unknown, key?: string, authorization = auth) =>
    t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization, ...(key !== undefined && { 'idempotency-key': key }) },
      payload: body as object,
    });
  const stored = async () => (await t.app.http.inject({ url: '/v1/pets?limit=100', headers: { authorization: auth } })).json<unknown[]>();

  it('replays the first response for the same key and body, marked as a replay, storing nothing new', async () => {
    const first = await create({ name: 'Rex', categoryId: 3 }, 'order-7f3a');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its fields in another order is the same request.
    const again = await create({ categoryId: 3, name: 'Rex' }, 'order-7f3a');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stored()).toEqual([first.json()]);
  });

  it('refuses the same key with another body with 422 idempotency_key_reused, storing nothing', async () => {
    const first = await create({ name: 'Rex', categoryId: 3 }, 'k-1');
    const other = await create({ name: 'Rex', categoryId: 4 }, 'k-1');
    expectError(other, 422, 'idempotency_key_reused');
    // An explicit default is still another body than one without the field.
    expectError(await create({ name: 'Rex', categoryId: 3, status: 'available' }, 'k-1'), 422, 'idempotency_key_reused');
    expect(await stored()).toEqual([first.json()]);
  });

  it('scopes keys per API key', async () => {
    const other = await t.bearer('pro');
    const mine = await create({ name: 'Rex', categoryId: 3 }, 'shared-key');
    const theirs = await create({ name: 'Rex', categoryId: 3 }, 'shared-key', other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ id: number }>().id).not.toBe(mine.json<{ id: number }>().id);
  });

  it.each([
    ['empty', ''],
    ['with a space', 'two words'],
    ['of 256 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
    ['with a control character', 'a\tb'],
  ])('refuses a key %s with 400 naming the header, storing nothing', async (_, key) => {
    const { message } = expectError(await create({ name: 'Rex', categoryId: 3 }, key), 400, 'invalid_request');
    expect(message).toMatch(/header 'idempotency-key' must be 1 to 255 visible ASCII characters/);
    expect(await stored()).toEqual([]);
  });

  it('accepts a key of 255 visible characters', async () => {
    expect((await create({ name: 'Rex', categoryId: 3 }, '~'.repeat(255))).statusCode).toBe(201);
  });

  it('does not remember a 400: the client fixes the body and retries with the same key', async () => {
    expectError(await create({ name: ' ', categoryId: 3 }, 'fix-me'), 400, 'invalid_request');
    expectError(await create({ name: 'Rex' }, 'fix-me'), 400, 'invalid_request');
    const fixed = await create({ name: 'Rex', categoryId: 3 }, 'fix-me');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('gives one pet to concurrent requests with one key: the others get the replay or 409 with Retry-After', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => create({ name: 'Rex', categoryId: 3 }, 'race')));
    expectRaceOutcome(responses);
    expect(await stored()).toHaveLength(1);
  });

  it('forgets a key after IDEMPOTENCY_TTL_SECONDS', async () => {
    const first = await create({ name: 'Rex', categoryId: 3 }, 'daily');
    t.clock.advance(86_400_000 - 1);
    expect((await create({ name: 'Rex', categoryId: 3 }, 'daily')).headers['idempotent-replayed']).toBe('true');
    t.clock.advance(1);
    const later = await create({ name: 'Rex', categoryId: 3 }, 'daily');
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json<{ id: number }>().id).not.toBe(first.json<{ id: number }>().id);
  });

  it('spends rate-limit quota on a replay, like any request', async () => {
    const first = await create({ name: 'Rex', categoryId: 3 }, 'quota');
    const replay = await create({ name: 'Rex', categoryId: 3 }, 'quota');
    expect(Number(replay.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
  });
});

describe('Idempotency-Key when the create fails', () => {
  it('does not remember a 503: after the outage the same key creates the pet', async () => {
    let failures = 1;
    const t = await startTestApp({
      adapters: (clock) => {
        const adapters = memoryAdapters(clock);
        const add = adapters.pets.addReserved.bind(adapters.pets);
        adapters.pets.addReserved = (pet) =>
          failures-- > 0 ? Promise.reject(new ServiceUnavailableError('The database is not answering')) : add(pet, []);
        return adapters;
      },
    });
    try {
      const headers = { authorization: await t.bearer('pro'), 'idempotency-key': 'outage' };
      const send = () => t.app.http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: 'Rex', categoryId: 3 } });
      expectError(await send(), 503, 'service_unavailable');
      const retried = await send();
      expect(retried.statusCode).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect((await send()).headers['idempotent-replayed']).toBe('true');
    } finally {
      await t.close();
    }
  });
});

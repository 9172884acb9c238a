/** Adoption requests through HTTP: placing, deciding, who may, every transition, races and interrupted steps. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Adapters } from '../../../src/config/adapters.js';
import type { AdoptionRequestRepository } from '../../../src/application/adoption/ports/adoption-request-repository.js';
import type { PetRepository } from '../../../src/application/adoption/ports/pet-repository.js';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import {
  ADOPTION_REQUEST_ACTIONS,
  ADOPTION_REQUEST_STATUSES,
  type AdoptionRequestAction,
  type AdoptionRequestStatus,
} from '../../../src/domain/adoption/adoption-request.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

interface OrderBody {
  id: string;
  petId: number;
  status: AdoptionRequestStatus;
  applicantName: string;
  note: string | null;
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

interface PetBody {
  id: number;
  status: string;
  version: number;
  adoptedAt: string | null;
}

interface Harness {
  t: TestApp;
  /** The shelter: owns the pets. */
  shelter: string;
  /** An adoption partner: places requests. */
  partner: string;
  /** Neither. */
  stranger: string;
}

async function harness(wrapAdapters?: (adapters: Adapters) => Adapters): Promise<Harness> {
  const t = await startTestApp(wrapAdapters ? { wrapAdapters } : {});
  const keyOf = async (ownerId: string) => `Bearer ${(await t.app.keys.issue({ name: ownerId, plan: 'business', ownerId })).key}`;
  return { t, shelter: await keyOf('acct_shelter'), partner: await keyOf('acct_partner'), stranger: await keyOf('acct_stranger') };
}

describe('adoption requests', () => {
  let h: Harness;
  afterEach(async () => h.t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, auth: string, payload?: object, headers: Record<string, string> = {}) =>
    h.t.app.http.inject({ method, url, headers: { authorization: auth, ...headers }, ...(payload && { payload }) });
  const addPet = async (status = 'available'): Promise<PetBody> =>
    (await call('POST', '/v1/pets', h.shelter, { name: 'Rex', categoryId: 1, status })).json<PetBody>();
  const place = async (petId: number, auth = h.partner): Promise<OrderBody> => {
    const response = await call('POST', '/v1/orders', auth, { petId, applicantName: 'Ada' });
    expect(response.statusCode).toBe(201);
    return response.json<OrderBody>();
  };
  const act = (order: OrderBody | string, action: AdoptionRequestAction, auth = h.shelter, reason?: string) =>
    call(
      'POST',
      `/v1/orders/${typeof order === 'string' ? order : order.id}/${action}`,
      auth,
      reason === undefined ? undefined : { reason },
    );
  const pet = async (id: number): Promise<PetBody | undefined> => (await call('GET', `/v1/pets?id=${id}`, h.shelter)).json<PetBody[]>()[0];
  const order = async (id: string, auth = h.shelter): Promise<OrderBody> => (await call('GET', `/v1/orders/${id}`, auth)).json<OrderBody>();
  const allOrders = async (auth = h.shelter): Promise<OrderBody[]> => (await call('GET', '/v1/orders?limit=100', auth)).json<OrderBody[]>();

  describe('POST /v1/orders', () => {
    it('places a request: 201 with Location and ETag, visible to the placer and the pet owner only', async () => {
      h = await harness();
      const rex = await addPet();
      const response = await call('POST', '/v1/orders', h.partner, {
        petId: rex.id,
        applicantName: 'Ada Lovelace',
        note: 'We have a garden',
      });
      expect(response.statusCode).toBe(201);
      expectRateLimitHeaders(response);
      const placed = response.json<OrderBody>();
      const now = new Date(h.t.clock.nowMs()).toISOString();
      expect(placed).toEqual({
        id: expect.stringMatching(/^ord_[0-9a-z]{21}$/) as unknown,
        petId: rex.id,
        status: 'placed',
        applicantName: 'Ada Lovelace',
        note: 'We have a garden',
        cancelReason: null,
        createdAt: now,
        updatedAt: now,
        version: 1,
      });
      expect(response.headers.location).toBe(`/v1/orders/${placed.id}`);
      expect(response.headers.etag).toBe('"1"');
      expect(await order(placed.id, h.partner)).toEqual(placed);
      expect(await order(placed.id, h.shelter)).toEqual(placed);
      expectError(await call('GET', `/v1/orders/${placed.id}`, h.stranger), 404, 'not_found');
      expect(await allOrders(h.stranger)).toEqual([]);
      expect(await allOrders(h.partner)).toEqual([placed]);
      // The pet does not move until the shelter decides.
      expect(await pet(rex.id)).toMatchObject({ status: 'available', version: 1 });
    });

    it('answers 422 for a pet that does not exist and 409 for a sold one; several requests may wait for one pet', async () => {
      h = await harness();
      expectError(await call('POST', '/v1/orders', h.partner, { petId: 999, applicantName: 'Ada' }), 422, 'pet_not_found');
      const sold = await addPet('sold');
      expectError(await call('POST', '/v1/orders', h.partner, { petId: sold.id, applicantName: 'Ada' }), 409, 'pet_not_available');
      const rex = await addPet();
      const first = await place(rex.id);
      const second = await place(rex.id, h.stranger);
      expect((await allOrders()).map((o) => o.id)).toEqual([first.id, second.id]);
    });

    it.each([
      ['no applicantName', { petId: 1 }, "'applicantName' is required"],
      ['a blank applicantName', { petId: 1, applicantName: '  ' }, "'applicantName'"],
      ['a long applicantName', { petId: 1, applicantName: 'x'.repeat(101) }, "'applicantName'"],
      ['a long note', { petId: 1, applicantName: 'Ada', note: 'x'.repeat(1001) }, "'note'"],
      ['a null note', { petId: 1, applicantName: 'Ada', note: null }, "'note'"],
      ['an unknown field', { petId: 1, applicantName: 'Ada', status: 'approved' }, "'status' is not recognised"],
      ['a petId out of range', { petId: 0, applicantName: 'Ada' }, "'petId'"],
    ])('refuses %s with 400 and stores nothing', async (_what, body, fragment) => {
      h = await harness();
      await addPet();
      expect(expectError(await call('POST', '/v1/orders', h.partner, body), 400, 'invalid_request').message).toContain(fragment);
      expect(await allOrders()).toEqual([]);
    });

    it('refuses a body that is not JSON with 415, and a broken one with 400, storing nothing', async () => {
      h = await harness();
      const rex = await addPet();
      const text = await h.t.app.http.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { authorization: h.partner, 'content-type': 'text/plain' },
        payload: JSON.stringify({ petId: rex.id, applicantName: 'Ada' }),
      });
      expectError(text, 415, 'unsupported_media_type');
      const broken = await h.t.app.http.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { authorization: h.partner, 'content-type': 'application/json' },
        payload: '{"petId":',
      });
      expectError(broken, 400, 'invalid_json');
      expect(await allOrders()).toEqual([]);
      expect(await pet(rex.id)).toMatchObject({ status: 'available', version: 1 });
    });

    it('replays a retry with the same Idempotency-Key, and refuses the key with another body', async () => {
      h = await harness();
      const rex = await addPet();
      const headers = { 'idempotency-key': 'adopt-rex-1' };
      const first = await call('POST', '/v1/orders', h.partner, { petId: rex.id, applicantName: 'Ada' }, headers);
      const again = await call('POST', '/v1/orders', h.partner, { petId: rex.id, applicantName: 'Ada' }, headers);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expectError(
        await call('POST', '/v1/orders', h.partner, { petId: rex.id, applicantName: 'Bob' }, headers),
        422,
        'idempotency_key_reused',
      );
      const racing = await Promise.all(
        Array.from({ length: 10 }, () =>
          call('POST', '/v1/orders', h.partner, { petId: rex.id, applicantName: 'Cy' }, { 'idempotency-key': 'race' }),
        ),
      );
      expect(new Set(racing.map((r) => r.json<OrderBody>().id)).size).toBe(1);
      expect(await allOrders()).toHaveLength(2);
    });
  });

  describe('deciding a request', () => {
    it('approve holds the pet pending; deliver sells it and cancels the other requests; retries change nothing', async () => {
      h = await harness();
      const rex = await addPet();
      const chosen = await place(rex.id);
      const waiting = await place(rex.id, h.stranger);
      const approved = await act(chosen, 'approve');
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', version: 2 });
      expect(approved.headers.etag).toBe('"2"');
      expect(await pet(rex.id)).toMatchObject({ status: 'pending', version: 2 });
      expect((await act(chosen, 'approve')).json()).toMatchObject({ status: 'approved', version: 2 });
      expectError(await act(waiting, 'approve'), 409, 'pet_not_available');
      // Held: its status moves only through the request; other fields may change.
      const patch = (body: object, version: number) =>
        h.t.app.http.inject({
          method: 'PATCH',
          url: `/v1/pets/${rex.id}`,
          headers: { authorization: h.shelter, 'if-match': `"${version}"` },
          payload: body,
        });
      expectError(await patch({ status: 'available' }, 2), 409, 'pet_held');
      expect((await patch({ name: 'Rexy' }, 2)).statusCode).toBe(200);
      expectError(
        await h.t.app.http.inject({ method: 'DELETE', url: `/v1/pets/${rex.id}`, headers: { authorization: h.shelter } }),
        409,
        'pet_held',
      );
      h.t.clock.advance(86_400_000);
      const delivered = await act(chosen, 'deliver');
      expect(delivered.json()).toMatchObject({ status: 'delivered', version: 3 });
      const adoptedAt = new Date(h.t.clock.nowMs()).toISOString();
      expect(await pet(rex.id)).toMatchObject({ status: 'sold', adoptedAt, version: 4 });
      expect(await order(waiting.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_adopted', version: 2 });
      expect((await act(chosen, 'deliver')).json()).toMatchObject({ status: 'delivered', version: 3 });
      expectError(await act(chosen, 'cancel', h.shelter, 'rejected'), 409, 'invalid_transition');
      // Returned to the shelter: available again, and it may be asked for again.
      expect((await patch({ status: 'available' }, 4)).json()).toMatchObject({ status: 'available', adoptedAt: null });
      await place(rex.id);
    });

    it('lets the applicant withdraw and the shelter reject; cancelling an approved request frees the pet', async () => {
      h = await harness();
      const rex = await addPet();
      const a = await place(rex.id);
      const b = await place(rex.id);
      expectError(await act(a, 'cancel', h.shelter, 'withdrawn'), 403, 'forbidden');
      expectError(await act(a, 'cancel', h.partner, 'rejected'), 403, 'forbidden');
      expectError(await act(a, 'cancel', h.stranger, 'withdrawn'), 404, 'not_found');
      // A cancel without its reason, or with another, names the reasons a client may give.
      expect(expectError(await call('POST', `/v1/orders/${a.id}/cancel`, h.partner, {}), 400, 'invalid_request').message).toBe(
        "field 'reason' is required: one of withdrawn, rejected",
      );
      expect(expectError(await act(a, 'cancel', h.partner, 'pet_adopted'), 400, 'invalid_request').message).toBe(
        "field 'reason' must be one of: withdrawn, rejected",
      );
      expect(await order(a.id)).toEqual(a);
      expect((await act(a, 'cancel', h.partner, 'withdrawn')).json()).toMatchObject({ status: 'cancelled', cancelReason: 'withdrawn' });
      await act(b, 'approve');
      expect(await pet(rex.id)).toMatchObject({ status: 'pending' });
      expect((await act(b, 'cancel', h.shelter, 'rejected')).json()).toMatchObject({
        status: 'cancelled',
        cancelReason: 'rejected',
        version: 3,
      });
      expect(await pet(rex.id)).toMatchObject({ status: 'available', version: 3 });
      // A cancel into the state it is in changes nothing, whatever reason it gives.
      expect((await act(b, 'cancel', h.shelter, 'rejected')).json()).toMatchObject({
        status: 'cancelled',
        cancelReason: 'rejected',
        version: 3,
      });
    });

    it('refuses every decision by another owner (403, or 404 where it may not see the request), changing nothing', async () => {
      h = await harness();
      const rex = await addPet();
      const placed = await place(rex.id);
      for (const action of ['approve', 'deliver'] as const) {
        expectError(await act(placed, action, h.partner), 403, 'forbidden');
        expectError(await act(placed, action, h.stranger), 404, 'not_found');
      }
      expectError(await act(placed, 'cancel', h.stranger, 'rejected'), 404, 'not_found');
      expect(await order(placed.id)).toEqual(placed);
      expect(await pet(rex.id)).toMatchObject({ status: 'available', version: 1 });
    });

    it('removing a pet cancels its placed requests; one held by an approved request cannot be removed', async () => {
      h = await harness();
      const rex = await addPet();
      const placed = await place(rex.id);
      expect(
        (await h.t.app.http.inject({ method: 'DELETE', url: `/v1/pets/${rex.id}`, headers: { authorization: h.shelter } })).statusCode,
      ).toBe(204);
      expect(await order(placed.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_deleted' });
      expectError(await act(placed, 'approve'), 409, 'invalid_transition');
    });

    it.each([
      ['no body', undefined, 200],
      ['an empty object', {}, 200],
      ['a field', { reason: 'x' }, 400],
    ])('approve with %s', async (_what, payload, status) => {
      h = await harness();
      const rex = await addPet();
      const placed = await place(rex.id);
      const response = await call('POST', `/v1/orders/${placed.id}/approve`, h.shelter, payload);
      expect(response.statusCode).toBe(status);
      if (status === 400) {
        expectError(response, 400, 'invalid_request');
        expect(await order(placed.id)).toEqual(placed);
      }
    });

    it.each([
      ['no reason', {}],
      ['an unknown reason', { reason: 'pet_adopted' }],
      ['an extra field', { reason: 'withdrawn', note: 'x' }],
    ])('refuses a cancel with %s (400), changing nothing', async (_what, body) => {
      h = await harness();
      const placed = await place((await addPet()).id);
      expectError(await call('POST', `/v1/orders/${placed.id}/cancel`, h.partner, body), 400, 'invalid_request');
      expect(await order(placed.id)).toEqual(placed);
    });

    it('answers 404 for an id that is not one, and lists with filters and paging', async () => {
      h = await harness();
      // Not an id's form: 400, as for every id of the API; of its form but unknown: 404.
      expect(expectError(await act('nope', 'approve'), 400, 'invalid_request').message).toMatch(/must be an adoption request id/);
      expectError(await act('.', 'cancel'), 405, 'method_not_allowed');
      expectError(await act('ord_000000000000000000000', 'approve'), 404, 'not_found');
      const rex = await addPet();
      const tom = await addPet();
      const orders = [await place(rex.id), await place(tom.id), await place(rex.id)];
      await act(orders[1] as OrderBody, 'approve');
      const byPet = (await call('GET', `/v1/orders?petId=${rex.id}`, h.shelter)).json<OrderBody[]>();
      expect(byPet.map((o) => o.id)).toEqual([orders[0]?.id, orders[2]?.id]);
      expect((await call('GET', '/v1/orders?status=approved', h.partner)).json<OrderBody[]>().map((o) => o.id)).toEqual([orders[1]?.id]);
      const first = await call('GET', '/v1/orders?limit=1&status=placed', h.partner);
      expect(first.json<OrderBody[]>().map((o) => o.id)).toEqual([orders[0]?.id]);
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] as string;
      expect(next).toContain('status=placed');
      const second = await call('GET', next, h.partner);
      expect(second.json<OrderBody[]>().map((o) => o.id)).toEqual([orders[2]?.id]);
      expect(second.headers.link).toBeUndefined();
      expectError(await call('GET', '/v1/orders?cursor=bad!', h.partner), 400, 'invalid_request');
      expectError(await call('GET', '/v1/orders?status=lost', h.partner), 400, 'invalid_request');
    });
  });

  describe('every cell of the request transitions', () => {
    const cells = ADOPTION_REQUEST_STATUSES.flatMap((from) =>
      (['approve', 'deliver', 'cancel'] as const).map((action) => [from, action] as const),
    );
    it.each(cells)('%s, then %s', async (from, action) => {
      h = await harness();
      const rex = await addPet();
      const placed = await place(rex.id);
      // Bring the request to `from` through the API.
      if (from === 'approved' || from === 'delivered') await act(placed, 'approve');
      if (from === 'delivered') await act(placed, 'deliver');
      if (from === 'cancelled') await act(placed, 'cancel', h.shelter, 'rejected');
      const before = await order(placed.id);
      const response = await act(placed, action, h.shelter, action === 'cancel' ? 'rejected' : undefined);
      const { to, from: allowed } = ADOPTION_REQUEST_ACTIONS[action];
      if (from === to) {
        expect(response.json()).toEqual(before);
      } else if (allowed.includes(from)) {
        expect(response.json()).toMatchObject({ status: to, version: before.version + 1 });
        const expectedPet = { approved: 'pending', delivered: 'sold', cancelled: 'available' }[to as 'approved'];
        expect((await pet(rex.id))?.status).toBe(expectedPet);
      } else {
        expectError(response, 409, 'invalid_transition');
        expect(await order(placed.id)).toEqual(before);
      }
    });
  });

  it('approves exactly one of two requests for one pet sent at once', async () => {
    h = await harness();
    const rex = await addPet();
    const requests = await Promise.all(Array.from({ length: 6 }, () => place(rex.id)));
    const responses = await Promise.all(requests.map((r) => act(r, 'approve')));
    const won = responses.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of responses.filter((r) => r.statusCode !== 200)) expectError(lost, 409, 'pet_not_available');
    const winner = won[0]?.json<OrderBody>().id;
    expect((await allOrders()).filter((o) => o.status === 'approved').map((o) => o.id)).toEqual([winner]);
    expect(await pet(rex.id)).toMatchObject({ status: 'pending', version: 2 });
  });

  describe('a failure between the pet write and the request write', () => {
    /** Fails the next call of `method` on one port once, as a crash between two writes would leave it. */
    function failOnce<T extends object>(port: T, method: keyof T, armed: { on: boolean }): T {
      return new Proxy(port, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver) as unknown;
          if (name !== method || typeof value !== 'function')
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          return (...args: unknown[]) => {
            if (armed.on) {
              armed.on = false;
              return Promise.reject(new Error('injected failure between the two writes'));
            }
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    }
    const wrapped =
      (port: 'orders' | 'pets', method: string, armed: { on: boolean }) =>
      (adapters: Adapters): Adapters => ({
        ...adapters,
        ...(port === 'orders'
          ? { adoptionRequests: failOnce(adapters.adoptionRequests, method as keyof AdoptionRequestRepository, armed) }
          : { pets: failOnce(adapters.pets, method as keyof PetRepository, armed) }),
      });
    const sweep = () => resolve(h.t.app.container, TOKENS.SettleHolds).sweep();

    async function invariantHolds(petId: number): Promise<void> {
      const stored = await h.t.app.adapters.pets.findById(petId);
      const approved = (await h.t.app.adapters.adoptionRequests.list({ visibleTo: 'acct_shelter', petId, limit: 100 })).filter(
        (o) => o.status === 'approved',
      );
      expect(approved.length).toBeLessThanOrEqual(1);
      if (stored?.heldBy) expect((await h.t.app.adapters.adoptionRequests.findById(stored.heldBy))?.status).toBe('approved');
      if (approved[0]) expect(stored?.heldBy).toBe(approved[0].id);
    }

    it('approve: the claim was written, the request was not; the next read finishes the approval', async () => {
      const armed = { on: false };
      h = await harness(wrapped('orders', 'update', armed));
      const rex = await addPet();
      const placed = await place(rex.id);
      armed.on = true;
      const failed = await act(placed, 'approve');
      expect(failed.statusCode).toBe(500);
      // What the store holds now: the pet claimed by a request still placed, nothing of it shown.
      expect(await h.t.app.adapters.pets.findById(rex.id)).toMatchObject({ claimedBy: placed.id, heldBy: null, version: rex.version });
      expect((await h.t.app.adapters.adoptionRequests.findById(placed.id))?.status).toBe('placed');
      // Read singly: settled first.
      expect(await order(placed.id)).toMatchObject({ status: 'approved', version: 2 });
      await invariantHolds(rex.id);
      // A retry of the approval is a safe 200.
      expect((await act(placed, 'approve')).json()).toMatchObject({ status: 'approved', version: 2 });
    });

    it('cancel: the request was cancelled, the pet not released; the sweep releases it', async () => {
      const armed = { on: false };
      h = await harness(wrapped('pets', 'update', armed));
      const rex = await addPet();
      const placed = await place(rex.id);
      await act(placed, 'approve');
      armed.on = true;
      expect((await act(placed, 'cancel', h.partner, 'withdrawn')).statusCode).toBe(500);
      expect((await h.t.app.adapters.pets.findById(rex.id))?.heldBy).toBe(placed.id);
      expect((await h.t.app.adapters.adoptionRequests.findById(placed.id))?.status).toBe('cancelled');
      expect(await sweep()).toBe(1);
      expect(await h.t.app.adapters.pets.findById(rex.id)).toMatchObject({ status: 'available', heldBy: null });
      await invariantHolds(rex.id);
      expect(await sweep()).toBe(0);
    });

    it('deliver: the request was delivered, the pet not sold; reading the pet sells it and cancels the others', async () => {
      const armed = { on: false };
      h = await harness(wrapped('pets', 'update', armed));
      const rex = await addPet();
      const chosen = await place(rex.id);
      const other = await place(rex.id);
      await act(chosen, 'approve');
      armed.on = true;
      expect((await act(chosen, 'deliver')).statusCode).toBe(500);
      expect((await h.t.app.adapters.pets.findById(rex.id))?.status).toBe('pending');
      const read = await call('GET', `/v1/pets/${rex.id}`, h.stranger);
      expect(read.json()).toMatchObject({ status: 'sold', version: 3 });
      expect(await order(other.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_adopted' });
      await invariantHolds(rex.id);
    });

    it('delete: the pet was removed, its requests not cancelled; reading a request cancels it', async () => {
      const armed = { on: false };
      h = await harness(wrapped('orders', 'update', armed));
      const rex = await addPet();
      const placed = await place(rex.id);
      armed.on = true;
      const removed = await h.t.app.http.inject({ method: 'DELETE', url: `/v1/pets/${rex.id}`, headers: { authorization: h.shelter } });
      expect(removed.statusCode).toBe(500);
      expect(await h.t.app.adapters.pets.findById(rex.id)).toBeNull();
      expect(await order(placed.id, h.partner)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_deleted' });
    });
  });

  describe('races the reference model found (test/http/adoption/adoption-model-concurrent.test.ts), in their shortest interleaving', () => {
    /** Runs `meanwhile` once, after (or before) the next call of `method` on a port, once armed. */
    function interleave<T extends object>(
      port: T,
      method: keyof T,
      when: 'before' | 'after',
      armed: { meanwhile: (() => Promise<unknown>) | null },
    ): T {
      return new Proxy(port, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver) as unknown;
          if (typeof value !== 'function') return value;
          const bound = (value as (...a: unknown[]) => Promise<unknown>).bind(target);
          if (name !== method) return bound;
          return async (...args: unknown[]) => {
            const meanwhile = armed.meanwhile;
            armed.meanwhile = null;
            if (meanwhile && when === 'before') await meanwhile();
            const result = await bound(...args);
            if (meanwhile && when === 'after') await meanwhile();
            return result;
          };
        },
      });
    }
    const remove = (petId: number) => call('DELETE', `/v1/pets/${petId}`, h.shelter);

    it('an approval that read its request before the pet was removed answers as if after it: 409 invalid_transition, the request cancelled pet_deleted', async () => {
      // Was: 409 pet_not_available, an answer no order of the two calls gives.
      const armed: { meanwhile: (() => Promise<unknown>) | null } = { meanwhile: null };
      // The pet is removed just after the approval's first read of it (while it checks the request).
      h = await harness((adapters) => ({ ...adapters, pets: interleave(adapters.pets, 'findById', 'after', armed) }));
      const rex = await addPet();
      const placed = await place(rex.id);
      armed.meanwhile = async () => expect((await remove(rex.id)).statusCode).toBe(204);
      expectError(await act(placed, 'approve'), 409, 'invalid_transition');
      expect(await order(placed.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_deleted', version: 2 });
    });

    it('a request placed while its pet is removed is cancelled with it: 201, then cancelled pet_deleted in every list at once', async () => {
      // Was: the request stayed placed in lists for a pet that no longer exists, until read singly.
      const armed: { meanwhile: (() => Promise<unknown>) | null } = { meanwhile: null };
      h = await harness((adapters) => ({ ...adapters, adoptionRequests: interleave(adapters.adoptionRequests, 'add', 'before', armed) }));
      const rex = await addPet();
      armed.meanwhile = async () => expect((await remove(rex.id)).statusCode).toBe(204);
      const placed = await place(rex.id);
      expect(placed).toMatchObject({ status: 'placed', version: 1 });
      const listed = await allOrders(h.partner);
      expect(listed).toEqual([expect.objectContaining({ id: placed.id, status: 'cancelled', cancelReason: 'pet_deleted', version: 2 })]);
    });
  });
});

/**
 * Searches with two instances on one MongoDB: an animal adopted, removed or moved through one
 * instance leaves the other's results at once (there is no search cache to go stale).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Application } from '../../../src/config/create-app.js';
import { describeWith, twoInstances } from '../../support/integration.js';
import { KEY_TOOL_ACTOR } from '../../../src/application/shared/services/auditor.js';

interface Found {
  id: number;
  version: number;
  name: string;
  distance?: number;
}

describeWith('both', 'Searches with two instances on one MongoDB', () => {
  let instances: readonly [Application, Application];
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ instances, close } = await twoInstances());
    const { key } = await instances[0].keys.issue({ name: 'Shelter', plan: 'pro' });
    headers = { authorization: `Bearer ${key}` };
  });
  afterAll(async () => close());

  const search = async (on: Application) => {
    const response = await on.http.inject({ url: '/v1/pets?status=available&species=dog&near=94110&radius=25&sort=distance', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Found[]>().map((pet) => pet.name);
  };
  const change = async (on: Application, pet: Found, patch: object) => {
    const response = await on.http.inject({
      method: 'PATCH',
      url: `/v1/pets/${pet.id}`,
      headers: { ...headers, 'if-match': `"${pet.version}"`, 'content-type': 'application/merge-patch+json' },
      payload: patch,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('drops an animal adopted, moved or removed through one instance from the results of the other at once', async () => {
    const [one, two] = instances;
    const created: Found[] = [];
    for (const [name, postalCode] of [
      ['Ada', '94110'],
      ['Bo', '94103'],
      ['Cy', '94601'],
    ] as const) {
      const response = await one.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers,
        payload: { name, categoryId: 1, species: 'dog', location: { postalCode } },
      });
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json<Found>());
    }
    const [ada, bo, cy] = created as [Found, Found, Found];
    expect(await search(two)).toEqual(['Ada', 'Bo', 'Cy']);
    await change(one, ada, { status: 'sold' });
    expect(await search(two)).toEqual(['Bo', 'Cy']);
    await change(two, bo, { location: { postalCode: '10001' } });
    expect(await search(one)).toEqual(['Cy']);
    const removed = await two.http.inject({ method: 'DELETE', url: `/v1/pets/${cy.id}`, headers });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await search(one)).toEqual([]);
  });

  it("finds an organization's shelter animals at its new place on the other instance right after it moves", async () => {
    const [one, two] = instances;
    const ownerId = 'acct_moving';
    const { key } = await one.keys.issue({ name: 'Moving shelter', plan: 'pro', ownerId });
    const own = { authorization: `Bearer ${key}` };
    const operator = (await one.adminCredentials.issue('operator', ['keys:write'], KEY_TOOL_ACTOR)).token;
    const created = await one.admin.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: `Bearer ${operator}` },
      payload: { id: ownerId, name: 'Moving shelter', location: { postalCode: '94110' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const name of ['Dot', 'Eve']) {
      const response = await one.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: own,
        payload: { name, categoryId: 1, species: 'dog' },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const near = async (on: Application, postalCode: string) => {
      const response = await on.http.inject({ url: `/v1/pets?organizationId=${ownerId}&near=${postalCode}&radius=1`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Found[]>().map((pet) => pet.name);
    };
    expect(await near(two, '94110')).toEqual(['Dot', 'Eve']);
    const moved = await two.http.inject({
      method: 'PATCH',
      url: `/v1/organizations/${ownerId}`,
      headers: { ...own, 'if-match': '"1"', 'content-type': 'application/merge-patch+json' },
      payload: { location: { postalCode: '10001' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await near(one, '10001')).toEqual(['Dot', 'Eve']);
    expect(await near(one, '94110')).toEqual([]);
  });
});

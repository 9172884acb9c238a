/**
 * The served documents break no client of the released ones (test/fixtures/openapi: the public and
 * admin documents of v1 as released, before the animal record). A change that would is refused here
 * until it is made additive, or released as a new version with its baseline.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakingChanges } from '../../support/openapi-compat.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Changes the diff calls breaking that break no client: the document now states a refusal the
 * released server already made with 400 (the contract test found each: a value the released
 * document accepted and the server refused). Listed one by one, each with the rule it states; the
 * list must match exactly, so that no other change hides behind it.
 */
const STATED_REFUSALS: Record<'public' | 'admin', readonly { change: RegExp; rule: string }[]> = {
  public: [
    {
      change: /^(DELETE|PATCH) \/pets\/\{petId\} parameter header if-match: pattern changed/,
      rule: '* or entity tags, as parseIfMatch reads them',
    },
    {
      change: /^(POST \/webhook-endpoints|PATCH \/webhook-endpoints\/\{endpointId\}) body\.url: pattern changed/,
      rule: 'an absolute http(s) URL, no spaces, no fragment',
    },
    {
      change: /^(GET \/orders\/\{orderId\}|POST \/orders\/\{orderId\}\/(approve|deliver|cancel)) parameter path orderId: pattern changed/,
      rule: 'an adoption request id (beta): one not of its form is 400, as for every id, where it was 404',
    },
  ],
  admin: [
    { change: /^(POST \/keys|PATCH \/keys\/\{id\}|POST \/credentials) body\.name: pattern changed to "\\\\S"$/, rule: 'not only spaces' },
    { change: /^POST \/keys\/\{id\}\/revoke body\.reason: pattern changed to "\\\\S"$/, rule: 'not only spaces' },
    { change: /^POST \/keys body\.allowedOrigins\[\]: pattern changed/, rule: 'an origin as a browser sends it' },
  ],
};

const baseline = (door: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/openapi/${door}-v1.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('compatibility with the released OpenAPI documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['public', '/v1/openapi.json'],
    ['admin', '/admin/v1/openapi.json'],
  ] as const)('the %s document breaks nothing a client of the released one relies on', async (door, url) => {
    const served = (await (door === 'public' ? t.app.http : t.app.admin).inject({ url })).json<Record<string, unknown>>();
    const changes = breakingChanges(baseline(door), served);
    const stated = STATED_REFUSALS[door];
    expect(changes.filter((change) => !stated.some((known) => known.change.test(change)))).toEqual([]);
    // Each listed correction is still there: the list says exactly what changed.
    for (const known of stated)
      expect(
        changes.some((change) => known.change.test(change)),
        String(known.change),
      ).toBe(true);
  });

  it('finds each kind of breaking change it looks for, and none in additions', () => {
    const released = baseline('public');
    const changed = structuredClone(released) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    const pets = changed.paths['/pets'] as Record<string, Record<string, unknown>>;
    const petSchema = changed.components.schemas.Pet as { required: string[]; properties: Record<string, Record<string, unknown>> };
    const newPet = changed.components.schemas.NewPet as { required: string[]; properties: Record<string, Record<string, unknown>> };
    // Additions only: a new operation, an optional response field.
    changed.paths['/new-thing'] = { get: { responses: { 200: { description: 'new' } } } };
    petSchema.properties.extra = { type: 'string' };
    expect(breakingChanges(released, changed)).toEqual([]);
    delete changed.paths['/pets/{petId}']?.delete;
    petSchema.required = petSchema.required.filter((name) => name !== 'status');
    newPet.required.push('status');
    (newPet.properties.name as Record<string, unknown>).maxLength = 10;
    (pets.get?.parameters as Record<string, unknown>[]).push({ in: 'query', name: 'near', required: true, schema: { type: 'string' } });
    expect(breakingChanges(released, changed)).toEqual(
      expect.arrayContaining([
        'DELETE /pets/{petId}: removed',
        'GET /pets: new required parameter query near',
        expect.stringMatching(/^GET \/pets 200\[\]\.status: no longer always present$/),
        expect.stringMatching(/^POST \/pets body\.status: newly required$/),
        expect.stringMatching(/^POST \/pets body\.name: maxLength lowered to 10$/),
      ]),
    );
  });
});

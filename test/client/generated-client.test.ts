/**
 * A client generated at test time by a third-party generator (@hey-api/openapi-ts) from the document
 * an instance serves, used without hand edits: it type-checks under --strict and runs the first
 * session against the app on a real port (create with Idempotency-Key, list across pages, get,
 * rate_limit, 400, 401, 429).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
// A directory of this process's own: runs of the suite side by side (one per Node.js line) never share it.
const dir = `${root}test/.generated/hey-api-${process.pid}`;

/** The scenario, as a client developer would write it against the generated SDK. */
const SCENARIO = `
import { createClient, createConfig } from './client/client/index.js';
import { client } from './client/client.gen.js';
import { approveOrder, createPet, deliverOrder, getEvent, getPet, getRateLimit, listEvents, listPets, listSpecies, placeOrder, updatePet } from './client/index.js';

export async function firstSession(key: string, freeKey: string): Promise<string[]> {
  const log: string[] = [];
  client.setConfig({ auth: () => key });

  const created = await createPet({ body: { name: 'Rex', categoryId: 1 }, headers: { 'Idempotency-Key': 'generated-1' } });
  if (!created.data) throw new Error('create failed');
  const again = await createPet({ body: { name: 'Rex', categoryId: 1 }, headers: { 'Idempotency-Key': 'generated-1' } });
  log.push(\`create 201 id \${created.data.id}, repeat \${again.response.status} replayed=\${again.response.headers.get('Idempotent-Replayed')} id \${again.data?.id}\`);
  for (const name of ['Bella', 'Max']) await createPet({ body: { name, categoryId: 2, status: 'pending' } });

  const seen: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await listPets({ query: { limit: 2, ...(cursor !== undefined && { cursor }) } });
    if (!page.data) throw new Error('list failed');
    seen.push(...page.data.map((pet) => pet.id));
    pages += 1;
    const next = /<([^>]+)>;\\s*rel="next"/.exec(page.response.headers.get('Link') ?? '')?.[1];
    cursor = next === undefined ? undefined : (new URL(next, 'http://x').searchParams.get('cursor') ?? undefined);
  } while (cursor !== undefined);
  log.push(\`list: \${seen.length} pets over \${pages} pages: \${seen.join(',')}\`);

  const one = await getPet({ path: { petId: created.data.id } });
  log.push(\`get \${one.response.status} \${one.data?.name}, Deprecation \${one.response.headers.get('Deprecation')}\`);

  const status = await getRateLimit();
  log.push(\`rate_limit \${status.response.status}: plan \${status.data?.plan}, minute used \${status.data?.windows.minute.used}\`);

  const bad = await createPet({ body: { name: 'Rex', categoryId: 0 } });
  log.push(\`bad body \${bad.response.status} \${bad.error?.code}: \${bad.error?.message}\`);

  const anonymous = createClient(createConfig({ baseUrl: client.getConfig().baseUrl }));
  const refused = await listPets({ client: anonymous });
  log.push(\`no key \${refused.response.status} \${refused.error?.code}\`);

  const byId = await listPets({ query: { id: [created.data.id] } });
  const read = byId.data?.[0];
  if (!read) throw new Error('list by id failed');
  const renamed = await updatePet({ path: { petId: read.id }, headers: { 'if-match': \`"\${read.version}"\` }, body: { name: 'Rexy' } });
  const stale = await updatePet({ path: { petId: read.id }, headers: { 'if-match': \`"\${read.version}"\` }, body: { name: 'Lost' } });
  log.push(\`patch \${renamed.response.status} \${renamed.data?.name} v\${renamed.data?.version}, stale \${stale.response.status} \${stale.error?.code} ETag \${stale.response.headers.get('ETag')}\`);
  const order = await placeOrder({ body: { petId: read.id, applicantName: 'Ada' } });
  if (!order.data) throw new Error('order failed');
  const approved = await approveOrder({ path: { orderId: order.data.id } });
  const delivered = await deliverOrder({ path: { orderId: order.data.id } });
  const after = await listPets({ query: { id: [read.id] } });
  log.push(\`order \${order.response.status} \${order.data.status}, approve \${approved.data?.status}, deliver \${delivered.data?.status}, pet \${after.data?.[0]?.status}\`);

  // The feed, paged three at a time with after, until the delivery's events have been relayed.
  let events: { id: string; type: string }[] = [];
  for (let tries = 0; tries < 50 && !events.some((event) => event.type === 'order.delivered'); tries++) {
    await new Promise((done) => setTimeout(done, 100));
    events = [];
    for (let after: string | undefined; ; ) {
      const feed = await listEvents({ query: { limit: 3, ...(after !== undefined && { after }) } });
      if (!feed.data) throw new Error('events failed');
      events.push(...feed.data);
      after = feed.data.at(-1)?.id;
      if (!/rel="next"/.test(feed.response.headers.get('Link') ?? '')) break;
    }
  }
  const first = await getEvent({ path: { eventId: events[0]?.id ?? '' } });
  const typed = await listEvents({ query: { type: ['order.placed', 'order.delivered'] } });
  log.push(\`events: \${events.map((event) => event.type).join(',')}; get \${first.response.status} \${first.data?.type}; typed \${typed.data?.map((event) => event.type).join(',')}\`);

  // The record partner sites show, from the species reference to a full animal read back.
  const species = await listSpecies();
  const dog = species.data?.find((one) => one.id === 'dog');
  const full = await createPet({
    body: {
      name: 'Maya', categoryId: 1, species: 'dog', breeds: { primary: dog?.breeds[0] ?? '', mixed: true }, sex: 'female', ageGroup: 'young',
      birthDate: { date: '2025-03-14', exact: false }, size: 'medium', coat: dog?.coats[1] ?? '', colors: { primary: dog?.colors[2] ?? '' },
      goodWith: { children: true, cats: false }, attributes: { houseTrained: true }, description: 'Loves long walks',
      adoptionFee: { amount: 15000, currency: 'USD' }, tags: ['playful'], location: { postalCode: '10001' },
    },
  });
  const maya = (await listPets({ query: { id: [full.data?.id ?? 0] } })).data?.[0];
  log.push(\`species \${species.response.status} \${species.data?.length}; full record \${full.response.status}: \${maya?.species} \${maya?.breeds?.primary} (mixed \${maya?.breeds?.mixed}), \${maya?.coat}, \${maya?.colors?.primary}, good with cats \${maya?.goodWith.cats}, dogs \${maya?.goodWith.dogs}, fee \${maya?.adoptionFee?.amount} \${maya?.adoptionFee?.currency}, tags \${maya?.tags.join(',')}, at \${maya?.location?.city} \${maya?.location?.region}\`);

  const free = createClient(createConfig({ baseUrl: client.getConfig().baseUrl, auth: () => freeKey }));
  for (let i = 0; i <= 60; i++) {
    const page = await listPets({ client: free, query: { limit: 1 } });
    if (page.response.status !== 429) continue;
    log.push(\`free key after 60: 429 \${page.error?.code}, Retry-After \${page.response.headers.get('Retry-After')}\`);
    break;
  }
  return log;
}
`;

describe('a client generated by @hey-api/openapi-ts from the served document', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.http.listen({ host: '127.0.0.1', port: 0 });
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const document = await (await fetch(`${base}/v1/openapi.json`)).text();
    writeFileSync(`${dir}/openapi.json`, document);
    const { createClient } = await import('@hey-api/openapi-ts');
    await createClient({
      input: `${dir}/openapi.json`,
      output: { path: `${dir}/client` },
      plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript'],
      logs: { level: 'silent' },
    });
    writeFileSync(`${dir}/scenario.ts`, SCENARIO);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks under --strict, without hand edits', async () => {
    const args = [
      'tsc',
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--types',
      'node',
      `${dir}/scenario.ts`,
    ];
    const result = await run('npx', args, { cwd: root }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);

  it('runs the first session against the app on a real port', async () => {
    const key = (await t.bearer('pro')).replace('Bearer ', '');
    const freeKey = (await t.bearer('free')).replace('Bearer ', '');
    const { firstSession } = (await import(`${dir}/scenario.ts`)) as { firstSession: (key: string, freeKey: string) => Promise<string[]> };
    const log = await firstSession(key, freeKey);
    console.info(
      `[measure] generated client (@hey-api/openapi-ts), base URL from the document's servers (${base}/v1):\n  ${log.join('\n  ')}`,
    );
    expect(log[0]).toMatch(/^create 201 id (\d+), repeat 201 replayed=true id \1$/);
    expect(log[1]).toMatch(/^list: 3 pets over 2 pages: \d+,\d+,\d+$/);
    expect(log[2]).toMatch(/^get 200 Rex, Deprecation @\d+$/);
    expect(log[3]).toMatch(/^rate_limit 200: plan pro, minute used \d+$/);
    expect(log[4]).toMatch(/^bad body 400 invalid_request: /);
    expect(log[5]).toBe('no key 401 unauthorized');
    expect(log[6]).toBe('patch 200 Rexy v2, stale 412 precondition_failed ETag "2"');
    expect(log[7]).toBe('order 201 placed, approve approved, deliver delivered, pet sold');
    expect(log[8]).toBe(
      'events: pet.created,pet.created,pet.created,pet.updated,order.placed,order.approved,pet.updated,order.delivered,pet.updated; get 200 pet.created; typed order.placed,order.delivered',
    );
    expect(log[9]).toBe(
      'species 200 8; full record 201: dog Akita (mixed true), Short, Black, good with cats false, dogs null, fee 15000 USD, tags playful, at New York NY',
    );
    expect(log[10]).toMatch(/^free key after 60: 429 rate_limited, Retry-After \d+$/);
  });
});

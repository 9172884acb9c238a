/**
 * The built API image, black box: two API containers with Redis and the MongoDB stand-in on a
 * container network (testcontainers). The README's first session, limits shared exactly by both,
 * Redis stopped and started again, and SIGTERM ending a container with exit 0.
 * Images: TEST_API_IMAGE (built by `npm run images:local`), TEST_REDIS_IMAGE, TEST_MONGO_IMAGE.
 */
import type * as Containers from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINER_LABELS, engineAnswers, MONGO_IMAGE, REDIS_IMAGE } from '../support/backends.js';

const API_IMAGE = process.env.TEST_API_IMAGE ?? 'animal-adoption-api:local';
const SHUTDOWN_TIMEOUT_SECONDS = 10;

type Testcontainers = typeof Containers;
type Started = Awaited<ReturnType<InstanceType<Testcontainers['GenericContainer']>['start']>>;

/** Why the suite cannot run here, or null. */
async function whyNot(): Promise<string | null> {
  if (!(await engineAnswers())) return 'no Docker engine answers (start dockerd, or set DOCKER_HOST)';
  const { getContainerRuntimeClient, ImageName } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  for (const image of [API_IMAGE, REDIS_IMAGE, MONGO_IMAGE]) {
    if (!(await client.image.exists(ImageName.fromString(image)))) {
      return `image ${image} is not present (build it with npm run images:local, or set TEST_API_IMAGE / TEST_REDIS_IMAGE / TEST_MONGO_IMAGE)`;
    }
  }
  return null;
}

const reason = await whyNot();
if (reason) console.warn(`[backend] SKIPPED "API image in containers": ${reason}`);
else console.info(`[backend] "API image in containers" runs on the Docker engine: ${API_IMAGE}, ${REDIS_IMAGE}, ${MONGO_IMAGE}`);

describe.runIf(reason === null)(`API image in containers [${API_IMAGE}]`, () => {
  let tc: Testcontainers;
  let network: Awaited<ReturnType<InstanceType<Testcontainers['Network']>['start']>>;
  let redis: Started;
  let mongo: Started;
  let apis: Started[];
  const base = (api: Started) => `http://${api.getHost()}:${api.getMappedPort(3000)}`;

  async function startApi(name: string): Promise<Started> {
    return new tc.GenericContainer(API_IMAGE)
      .withName(`${name}-${CONTAINER_LABELS['org.animal-adoption-api.test-run']?.slice(0, 8)}`)
      .withNetwork(network)
      .withLabels(CONTAINER_LABELS)
      .withEnvironment({
        APP_ENV: 'staging',
        MONGODB_URL: 'mongodb://mongo:27017',
        MONGODB_DATABASE: 'adoption_test',
        REDIS_URL: 'redis://redis:6379',
        REDIS_TIMEOUT_MS: '300',
        SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      })
      .withExposedPorts(3000)
      .withWaitStrategy(tc.Wait.forHttp('/readyz', 3000).forStatusCode(200))
      .start();
  }

  beforeAll(async () => {
    tc = await import('testcontainers');
    network = await new tc.Network().start();
    [redis, mongo] = await Promise.all([
      new tc.GenericContainer(REDIS_IMAGE)
        .withNetwork(network)
        .withNetworkAliases('redis')
        .withLabels(CONTAINER_LABELS)
        .withExposedPorts(6379)
        .start(),
      new tc.GenericContainer(MONGO_IMAGE)
        .withNetwork(network)
        .withNetworkAliases('mongo')
        .withLabels(CONTAINER_LABELS)
        .withExposedPorts(27017)
        .start(),
    ]);
    apis = await Promise.all(['api-a', 'api-b'].map(startApi));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...(apis ?? []), redis, mongo].filter(Boolean).map((c) => c.stop().catch(() => undefined)));
    await network?.stop().catch(() => undefined);
  });

  async function issueKey(api: Started, plan: string): Promise<string> {
    const { output, exitCode } = await api.exec(['node', 'dist/config/keys-cli.js', 'create', '--plan', plan, '--name', `Shelter ${plan}`]);
    expect(exitCode).toBe(0);
    const key = /adopt_stage_\w+/.exec(output)?.[0];
    if (!key) throw new Error(`no key in the key tool's output:\n${output}`);
    return key;
  }

  it('runs the README first session, with a key made by the key tool inside the container', async () => {
    const [a] = apis as [Started];
    const key = await issueKey(a, 'pro');
    const auth = { authorization: `Bearer ${key}` };
    const created = await fetch(`${base(a)}/v1/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'first-session' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    const pet = (await created.json()) as { id: number; name: string; status: string };
    expect(pet).toMatchObject({ name: 'Rex', categoryId: 1, status: 'available' });
    expect(created.headers.get('location')).toBe(`/v1/pets/${pet.id}`);
    const list = await fetch(`${base(a)}/v1/pets?limit=5`, { headers: auth });
    expect(list.status).toBe(200);
    expect(await list.json()).toContainEqual(pet);
    expect(list.headers.get('x-ratelimit-limit')).toBe('300');
    const status = await fetch(`${base(a)}/v1/rate_limit`, { headers: auth });
    expect(((await status.json()) as { plan: string }).plan).toBe('pro');
    const anonymous = await fetch(`${base(a)}/v1/pets`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'unauthorized', status: 401 });
    console.info(`[measure] container first session: create 201 (id ${pet.id}), list 200, rate_limit 200, no key 401`);
  });

  it('shares one budget per key exactly across two API containers', async () => {
    const [a, b] = apis as [Started, Started];
    const key = await issueKey(a, 'free');
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        fetch(`${base(i % 2 ? a : b)}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } }),
      ),
    );
    const admitted = responses.filter((r) => r.status === 200).length;
    console.info(`[measure] two API containers, 80 concurrent requests of one Free key: ${admitted} admitted`);
    expect(admitted).toBe(60);
    expect(responses.filter((r) => r.status === 429).length).toBe(20);
  });

  it('keeps answering while Redis is stopped, and shares limits again once it is started', async () => {
    const [a, b] = apis as [Started, Started];
    const key = await issueKey(a, 'free');
    const headers = { authorization: `Bearer ${key}` };
    const client = await tc.getContainerRuntimeClient();
    const container = client.container.getById(redis.getId());
    await container.stop({ t: 0 });
    const during = await Promise.all([a, b].map((api) => fetch(`${base(api)}/v1/pets?limit=1`, { headers })));
    expect(during.map((r) => r.status)).toEqual([200, 200]);
    const ready = (await (await fetch(`${base(a)}/readyz`)).json()) as { status: string };
    expect(ready.status).toBe('degraded');
    await container.start();
    // The same alias and address again; the clients reconnect on their own.
    const deadline = Date.now() + 20_000;
    while (
      ((await (await fetch(`${base(b)}/readyz`)).json()) as { status: string }).status !== 'ready' ||
      ((await (await fetch(`${base(a)}/readyz`)).json()) as { status: string }).status !== 'ready'
    ) {
      if (Date.now() > deadline) throw new Error('the API containers did not see Redis again within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const fresh = await issueKey(b, 'free');
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        fetch(`${base(i % 2 ? a : b)}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${fresh}` } }),
      ),
    );
    expect(responses.filter((r) => r.status === 200).length).toBe(60);
  });

  it('ends on SIGTERM with exit 0 within the shutdown timeout', async () => {
    const api = await startApi('api-c');
    const client = await tc.getContainerRuntimeClient();
    const container = client.container.getById(api.getId());
    const started = performance.now();
    await container.stop({ t: SHUTDOWN_TIMEOUT_SECONDS + 5 });
    const ms = Math.round(performance.now() - started);
    const state = (await container.inspect()).State;
    console.info(`[measure] API container stopped by SIGTERM: exit ${state.ExitCode} in ${ms} ms`);
    expect(state.ExitCode).toBe(0);
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
    await api.stop().catch(() => undefined);
  });
});

/**
 * Finds servers for the integration suites, in this order: a URL from the environment
 * (MONGODB_URL / REDIS_URL), a container when a Docker engine answers (testcontainers; images from
 * TEST_REDIS_IMAGE / TEST_MONGO_IMAGE, the official ones by default), a local server (redis-server
 * on PATH; the MongoDB-compatible test server from @jongodb/memory-server-bin-linux-x64-gnu), or
 * nothing, with the reason and how to enable it.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ownedServer, waitForOutput, type OwnedServer } from './processes.js';

export interface Backend {
  /** Connection URL, or null when none could be had. */
  readonly url: string | null;
  /** What serves it, printed by every suite that uses it. */
  readonly backend: string;
  /** Why there is none, and how to get one. */
  readonly reason?: string;
  /** True when the suite may stop and restart the server (a local process it owns). */
  readonly restartable?: boolean;
}

interface Started {
  readonly info: Backend;
  readonly stop: () => Promise<void>;
}

const none = (backend: string, reason: string): Started => ({ info: { url: null, backend, reason }, stop: async () => undefined });

export async function startRedis(): Promise<Started> {
  if (process.env.REDIS_URL) return { info: { url: process.env.REDIS_URL, backend: 'REDIS_URL' }, stop: async () => undefined };
  const container = await startContainer(REDIS_IMAGE, 6379, (host, port) => `redis://${host}:${port}`);
  if (container) return container;
  if (onPath('redis-server')) {
    const server = await startLocalRedis(await freePort());
    return { info: { url: server.url, backend: `local redis-server (${server.version})`, restartable: true }, stop: server.stop };
  }
  return none(
    'none',
    'no REDIS_URL, no Docker engine and no redis-server on PATH: set REDIS_URL or install redis-server (apt-get install redis-server)',
  );
}

export async function startMongo(): Promise<Started> {
  if (process.env.MONGODB_URL) return { info: { url: process.env.MONGODB_URL, backend: 'MONGODB_URL' }, stop: async () => undefined };
  const container = await startContainer(MONGO_IMAGE, 27017, (host, port) => `mongodb://${host}:${port}`);
  if (container) return container;
  if (jongodbBinary()) {
    const server = await startLocalMongo(0);
    return {
      info: { url: server.url, backend: 'MongoDB-compatible test server (jongodb, from @jongodb/memory-server-bin-linux-x64-gnu)' },
      stop: server.stop,
    };
  }
  return none(
    'none',
    'no MONGODB_URL, no Docker engine and no jongodb test server binary: set MONGODB_URL or run npm install on linux-x64',
  );
}

/** A redis-server process this suite owns, so a test can stop it and start it again on the same port. */
export async function startLocalRedis(port: number): Promise<OwnedServer & { version: string }> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, version = '?'] = await waitForOutput(child, /(?:version=|v=)([0-9.]+)[\s\S]*Ready to accept connections/);
  return { ...ownedServer(child, `redis://127.0.0.1:${port}`), version };
}

/** The jongodb test server as a process this suite owns (port 0: any free port). */
export async function startLocalMongo(port: number): Promise<OwnedServer> {
  const binary = jongodbBinary();
  if (!binary) throw new Error('the jongodb test server binary is not installed');
  const child = spawn(binary, ['--host=127.0.0.1', `--port=${port}`, '--database=adoption_test'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const [, url = ''] = await waitForOutput(child, /JONGODB_URI=(mongodb:\/\/\S+)/);
  return ownedServer(child, url.replace(/\/[^/]*$/, ''));
}

/** Official images by default; where no registry is reachable, the stand-ins of `npm run images:local`. */
export const REDIS_IMAGE = process.env.TEST_REDIS_IMAGE ?? 'redis:7-alpine';
export const MONGO_IMAGE = process.env.TEST_MONGO_IMAGE ?? 'mongo:7';

async function startContainer(image: string, port: number, url: (host: string, port: number) => string): Promise<Started | null> {
  if (!(await engineAnswers())) return null;
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer(image).withExposedPorts(port).withLabels(CONTAINER_LABELS).start();
    return {
      info: { url: url(container.getHost(), container.getMappedPort(port)), backend: `testcontainers ${image}` },
      stop: async () => {
        await container.stop();
      },
    };
  } catch (error) {
    console.warn(`[backend] Docker engine did not start ${image}: ${(error as Error).message}; trying a local server`);
    return null;
  }
}

/** Every container the tests start carries these labels, so that an interrupted run's leftovers can be found. */
export const TEST_LABEL = 'org.animal-adoption-api.test';
const RUN_LABEL = 'org.animal-adoption-api.test-run';
/** One id for the whole run: set by the global setup, inherited by the workers. */
const RUN_ID = (process.env.ADOPTION_TEST_RUN_ID ??= randomUUID());
const RUN_HOST_LABEL = 'org.animal-adoption-api.test-run-host';
const RUN_PID_LABEL = 'org.animal-adoption-api.test-run-pid';
/** The process that started the run (the global setup's), whose end ends the run. */
const RUN_PID = (process.env.ADOPTION_TEST_RUN_PID ??= String(process.pid));
export const CONTAINER_LABELS = { [TEST_LABEL]: 'true', [RUN_LABEL]: RUN_ID, [RUN_HOST_LABEL]: hostname(), [RUN_PID_LABEL]: RUN_PID };

/** Whether the process `pid` of this machine still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a container with these labels is an ended run's leftover: a test container of another run
 * on this machine whose process is gone (or from before runs named their process). Another run still
 * going on the same engine, or another machine's, keeps its containers.
 */
export function isLeftover(
  labels: Readonly<Record<string, string>> | undefined,
  self: { readonly runId: string; readonly host: string; readonly alive: (pid: number) => boolean } = {
    runId: RUN_ID,
    host: hostname(),
    alive: running,
  },
): boolean {
  if (labels?.[TEST_LABEL] !== 'true' || labels[RUN_LABEL] === self.runId) return false;
  const host = labels[RUN_HOST_LABEL];
  const pid = Number(labels[RUN_PID_LABEL]);
  if (host === undefined || !Number.isSafeInteger(pid)) return true;
  return host === self.host && !self.alive(pid);
}
/** The reaper image testcontainers uses (its default, or RYUK_CONTAINER_IMAGE). */
const RYUK_IMAGE = process.env.RYUK_CONTAINER_IMAGE ?? 'testcontainers/ryuk:0.14.0';

let engine: Promise<boolean> | null = null;

/**
 * True when a Docker engine answers. testcontainers' resource reaper (the testcontainers/ryuk image)
 * cannot be pulled without a registry: unless it is present, it is switched off, the suites stop
 * their containers themselves, and containers an interrupted run left behind are removed here
 * (isLeftover: never those of a run still going).
 */
export function engineAnswers(): Promise<boolean> {
  engine ??= (async () => {
    if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return false;
    try {
      const { getContainerRuntimeClient, ImageName } = await import('testcontainers');
      const client = await getContainerRuntimeClient();
      if (process.env.TESTCONTAINERS_RYUK_DISABLED === undefined && !(await client.image.exists(ImageName.fromString(RYUK_IMAGE)))) {
        process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
        console.info(`[backend] testcontainers: ${RYUK_IMAGE} is not available, so its reaper is off; suites remove their own containers`);
      }
      const leftovers = await client.container.list();
      for (const info of leftovers.filter((c) => isLeftover(c.Labels))) {
        await client.container.remove(client.container.getById(info.Id), { removeVolumes: true }).catch(() => undefined);
      }
      return true;
    } catch (error) {
      console.warn(`[backend] a Docker socket exists but no engine answers (${(error as Error).message}); using local servers`);
      return false;
    }
  })();
  return engine;
}

export function jongodbBinary(): string | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  try {
    const manifest = createRequire(import.meta.url).resolve('@jongodb/memory-server-bin-linux-x64-gnu/package.json');
    const binary = join(dirname(manifest), 'bin', 'jongodb');
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

export function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, command)));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

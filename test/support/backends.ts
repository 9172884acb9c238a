/**
 * Finds servers for the integration suites, in this order: a URL from the environment
 * (MONGODB_URL / REDIS_URL), a container when a Docker engine answers (testcontainers, official
 * images), a local server (redis-server on PATH; the MongoDB-compatible test server from
 * @jongodb/memory-server-bin-linux-x64-gnu), or nothing, with the reason and how to enable it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
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
  const container = await startContainer('redis:7-alpine', 6379, (host, port) => `redis://${host}:${port}`);
  if (container) return container;
  if (onPath('redis-server')) {
    const server = await startLocalRedis(await freePort());
    return { info: { url: server.url, backend: `local redis-server (${server.version})`, restartable: true }, stop: server.stop };
  }
  return none('none', 'no REDIS_URL, no Docker engine and no redis-server on PATH: set REDIS_URL or install redis-server (apt-get install redis-server)');
}

export async function startMongo(): Promise<Started> {
  if (process.env.MONGODB_URL) return { info: { url: process.env.MONGODB_URL, backend: 'MONGODB_URL' }, stop: async () => undefined };
  const container = await startContainer('mongo:7', 27017, (host, port) => `mongodb://${host}:${port}`);
  if (container) return container;
  if (jongodbBinary()) {
    const server = await startLocalMongo(0);
    return {
      info: { url: server.url, backend: 'MongoDB-compatible test server (jongodb, from @jongodb/memory-server-bin-linux-x64-gnu)' },
      stop: server.stop,
    };
  }
  return none('none', 'no MONGODB_URL, no Docker engine and no jongodb test server binary: set MONGODB_URL or run npm install on linux-x64');
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

async function startContainer(image: string, port: number, url: (host: string, port: number) => string): Promise<Started | null> {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return null;
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer(image).withExposedPorts(port).start();
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

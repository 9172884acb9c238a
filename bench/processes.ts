// Processes the bench scripts start: pinned to a core when taskset is there, and servers that
// print "READY <port>" when listening (bench/server.ts). The scripts run compiled, from
// dist-bench/bench/ (npm run build:bench); these paths point at the compiled siblings and at the
// repository's bench/results.
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** The compiled bench scripts (load.js, server.js), next to this one. */
export const SCRIPTS_DIR = fileURLToPath(new URL('.', import.meta.url));
/** Where results and profiles are written: bench/results in the repository. */
export const RESULTS_DIR = fileURLToPath(new URL('../../bench/results/', import.meta.url));

export type Child = ChildProcessByStdio<null, Readable, null>;

/** The repository (a checkout's package.json is there). */
export const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** The API keys every bench server knows and the load generators spread their traffic over. */
export const benchKeys = (count: number): string[] => Array.from({ length: count }, (_, i) => `bench-key-${String(i).padStart(10, '0')}`);
/** The one key whose limit the 429 scenario reaches. */
export const LIMITED_KEY = 'bench-limited-key-0000000001';

/** node with these arguments, on the given core when it can be pinned; stdout piped, stderr shown. */
export function pinned(core: string, args: string[]): Child {
  const stdio = ['ignore', 'pipe', 'inherit'] as ['ignore', 'pipe', 'inherit'];
  return hasTaskset ? spawn('taskset', ['-c', core, process.execPath, ...args], { stdio }) : spawn(process.execPath, args, { stdio });
}

/** Moves this process to the given core (the scripts that drain the servers' log pipes stay off the server core). */
export function pinSelf(core: string): void {
  if (hasTaskset) spawnSync('taskset', ['-p', '-c', core, String(process.pid)]);
}

/**
 * The port a server started with piped stdout listens on. From then on its output (the service logs
 * to stdout as npm start does) is drained and dropped, unless `onOutput` takes it.
 */
export function readyPort(child: Child, name: string, onOutput: (chunk: string) => void = () => undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const untilReady = (chunk: Buffer | string) => {
      seen += String(chunk);
      const match = /READY (\d+)/.exec(seen);
      if (!match) return;
      child.stdout.off('data', untilReady);
      child.off('exit', exited);
      child.stdout.on('data', (data: Buffer | string) => onOutput(String(data)));
      onOutput(seen.slice(match.index + match[0].length));
      resolve(Number(match[1]));
    };
    const exited = (code: number | null) => reject(new Error(`${name} exited with ${String(code)}`));
    child.stdout.on('data', untilReady);
    child.once('exit', exited);
  });
}

/** What a load generator run reports (bench/load.ts). */
export interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly total: number;
  /** Bytes read per answer, headers included: how full a search's pages are. */
  readonly bytesPerAnswer: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly statuses: Record<string, number>;
}

export type Scenario =
  | 'baseline'
  | 'list20'
  /** list20 asking for a gzip answer (Accept-Encoding: gzip). */
  | 'list20gzip'
  /** list20 asking for five fields (fields=name,species,breeds,ageGroup,location). */
  | 'list20fields'
  | 'sold100'
  | 'create'
  /** create with a full record (bench/records.ts). */
  | 'createFull'
  | 'patch'
  | 'getOne'
  | 'unauthorized'
  | 'limited'
  | 'deepPage'
  /** list20 at 2,000 positions spread over the list, a different page each request: none of its animals' JSON kept. */
  | 'listPages'
  /** Well-formed keys no one issued (each request a new one), all from one client address. */
  | 'flood401'
  /** GET /v1/pets: dogs good with children within 25 miles of a shelter's postal code (LoadOptions.codes, in turn), nearest first. */
  | 'searchNear'
  /** GET /v1/pets: young cats, newest first. */
  | 'searchNewest'
  /** GET of one photo variant (LoadOptions.path) as a browser's <img> asks: no key, Accept naming WebP, each from another address. */
  | 'photo';

/** What bench/load.ts takes as its one argument, in JSON. */
export interface LoadOptions {
  readonly url: string;
  readonly scenario: Scenario;
  readonly keys: readonly string[];
  readonly limitedKey: string;
  readonly pets: number;
  readonly connections: number;
  readonly duration: number;
  readonly warmup: number;
  readonly addressSalt: number;
  readonly cursor?: string;
  /** The photo scenario's URL path. */
  readonly path?: string;
  /** The searchNear scenario's postal codes, asked near in turn. */
  readonly codes?: readonly string[];
}

export type Variant =
  'baseline' | 'baseline-bytes' | 'baseline-refusal' | 'reference' | 'peer' | 'static' | 'memory' | 'redis' | 'mongo+redis';

/** What bench/server.ts takes as its one argument, in JSON. */
export interface ServerOptions {
  readonly variant: Variant;
  readonly keys?: readonly string[];
  readonly limitedKey?: string;
  readonly pets?: number;
  readonly logLevel?: string;
  readonly redisUrl?: string;
  readonly mongoUrl?: string;
  readonly mongoDatabase?: string;
  /**
   * Measures the access line alone: the service runs at LOG_LEVEL=warn (no line of its own) and a
   * hook writes one line per response this way: 'object' (logger.info with the line's fields, as
   * the service did), 'message' (logger.info with a message only), 'hand' (the same JSON built by
   * hand, written to the same pino destination), 'chunked' (built by hand, appended to a string
   * written out in 64 KiB chunks), 'dropped' (built by hand and thrown away).
   */
  readonly accessLine?: 'object' | 'message' | 'hand' | 'chunked' | 'dropped';
  /** Where bench/profile.ts wants the CPU profile written. */
  readonly profile?: string;
  /** More environment for the service's configuration (e.g. OTEL_* to turn tracing on). */
  readonly env?: Readonly<Record<string, string>>;
  /** Seeds a search world: the pets are animals of this many shelters over the country (bench/records.ts). */
  readonly shelters?: number;
  /** The static variant's root: @fastify/static serves its files under /v1/photos/. */
  readonly staticDir?: string;
  /** Seeds every pet with a full record (species, breeds, description, ...) instead of the seed's fields alone. */
  readonly fullRecords?: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server of its own on a free loopback port, pinned to `core`; null when none is on PATH. */
export async function startLocalRedis(core: string): Promise<{ url: string; source: string; stop: () => Promise<void> } | null> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return null;
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = hasTaskset ? spawn('taskset', ['-c', core, 'redis-server', ...args]) : spawn('redis-server', args);
  await new Promise<void>((resolve) => {
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += String(chunk);
      if (seen.includes('Ready to accept connections')) resolve();
    });
  });
  const version = /v=([0-9.]+)/.exec(spawnSync('redis-server', ['--version']).stdout.toString())?.[1];
  return {
    url: `redis://127.0.0.1:${port}`,
    source: `local redis-server ${version} (core ${core})`,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}

/** Commands a Redis has run so far (INFO commandstats; INFO and CLIENT, which this asking sends, left out). */
export async function redisCommandCount(url: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  try {
    const info = await client.info('commandstats');
    let calls = 0;
    for (const match of info.matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm))
      if (match[1] !== 'info' && !match[1]?.startsWith('client')) calls += Number(match[2]);
    return calls;
  } finally {
    client.disconnect();
  }
}

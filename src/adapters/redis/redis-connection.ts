/**
 * The Redis client for the configured topology (one server, a Redis Cluster, or a master found
 * through Sentinel), set so that no request waits long on an unreachable or slow Redis, and checked
 * at start-up against what the server says it is, so that a wrong topology stops the process instead
 * of quietly splitting the limits per instance.
 */
import { Cluster, Redis, type RedisOptions as IORedisOptions } from 'ioredis';
import { within } from '../../application/within.js';

export interface RedisAddress {
  readonly host: string;
  readonly port: number;
}

export type RedisTopology =
  | { readonly kind: 'standalone'; readonly url: string }
  | { readonly kind: 'cluster'; readonly nodes: readonly RedisAddress[] }
  | {
      readonly kind: 'sentinel';
      readonly sentinels: readonly RedisAddress[];
      readonly masterName: string;
      readonly sentinelPassword?: string;
    };

export interface RedisOptions {
  readonly topology: RedisTopology;
  /** Credentials for the data nodes of a cluster or a Sentinel-managed Redis (a standalone URL carries its own). */
  readonly auth: { readonly username?: string; readonly password?: string };
  /** TLS to the nodes (and sentinels) of a cluster or a Sentinel-managed Redis. */
  readonly tls: boolean;
  /** Longest wait for a connection or a command; then the limiter's failure mode applies. */
  readonly timeoutMs: number;
}

export type RedisClient = Redis | Cluster;

export interface RedisConnection {
  readonly client: RedisClient;
  /** The topology in plain words, without credentials, for logs and /readyz. */
  readonly description: string;
  readonly close: () => Promise<void>;
}

/** The configuration does not match the server: start-up stops with the configuration exit code. */
export class RedisTopologyError extends Error {}

/**
 * Checks the topology, then connects, waiting at most four timeouts for the first connection so that
 * early requests are decided by Redis. Without the offline queue, commands sent before then fail
 * over. If Redis is not there yet, the client keeps trying in the background and the limiter's failure
 * mode applies meanwhile.
 */
export async function connectRedis(options: RedisOptions): Promise<RedisConnection> {
  await checkTopology(options);
  const client = createClient(options);
  // Connection errors surface as failed commands, which the limiter's failure mode handles and reports
  // once per outage; without a listener ioredis would print every reconnect attempt.
  client.on('error', () => undefined);
  let closing = false;
  if (!(client instanceof Cluster)) keepConnecting(client, () => closing);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, options.timeoutMs * 4);
    client.once('ready', done);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
  });
  return {
    client,
    description: describeTopology(options.topology),
    close: async () => {
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * ioredis ends a client for good when its connector gives up on a connection attempt. With Sentinel
 * that happens when a failover is announced (+switch-master) while the client is between attempts to
 * reach the old master: the client would never reconnect, and every instance would limit on its own
 * until restarted. Such a client is connected again, as long as the application has not closed it.
 */
function keepConnecting(client: Redis, closed: () => boolean): void {
  let attempt = 0;
  client.on('ready', () => {
    attempt = 0;
  });
  client.on('end', () => {
    if (closed()) return;
    attempt += 1;
    setTimeout(
      () => {
        if (!closed() && client.status === 'end') client.connect().catch(() => undefined);
      },
      Math.min(attempt * 200, 2_000),
    ).unref();
  });
}

function describeTopology(topology: RedisTopology): string {
  switch (topology.kind) {
    case 'standalone':
      return `redis standalone at ${hostOf(topology.url)}`;
    case 'cluster':
      return `redis cluster, seeds ${topology.nodes.map(addressText).join(',')}`;
    case 'sentinel':
      return `redis sentinel, master "${topology.masterName}" via ${topology.sentinels.map(addressText).join(',')}`;
  }
}

/**
 * Bounds shared by every topology: connect and command timeouts, no retry of a failed command; and
 * the data nodes' credentials and TLS unless `forSentinels`.
 */
function nodeOptions(options: RedisOptions, forSentinels = false) {
  const { topology } = options;
  return {
    connectTimeout: options.timeoutMs,
    commandTimeout: options.timeoutMs,
    maxRetriesPerRequest: 0,
    ...(topology.kind !== 'standalone' && !forSentinels && options.auth),
    ...(topology.kind !== 'standalone' && options.tls && { tls: {} }),
    ...(topology.kind === 'sentinel' && forSentinels && topology.sentinelPassword && { password: topology.sentinelPassword }),
  } satisfies IORedisOptions;
}

/** A client of one server (standalone, or the master Sentinel names): fails at once while disconnected. */
function serverOptions(options: RedisOptions): IORedisOptions {
  return {
    ...nodeOptions(options),
    // Fail at once while disconnected instead of queueing: the caller decides (fail open or closed).
    enableOfflineQueue: false,
    // Keep reconnecting in the background, so service recovers on its own when Redis returns.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
}

function createClient(options: RedisOptions): RedisClient {
  const { topology } = options;
  switch (topology.kind) {
    case 'standalone':
      return new Redis(topology.url, serverOptions(options));
    case 'cluster': {
      const cluster = new Cluster([...topology.nodes], {
        // Node connections keep ioredis's own offline queue and retry strategy (it does not take ours).
        redisOptions: nodeOptions(options),
        enableOfflineQueue: false,
        enableReadyCheck: true,
        // Only masters: a replica's counts lag behind, and a limit is only exact on the master.
        scaleReads: 'master',
        slotsRefreshTimeout: options.timeoutMs,
        // Moved slots and failovers are followed by ioredis; each limiter call keeps its own budget.
        retryDelayOnFailover: 100,
        retryDelayOnClusterDown: 100,
        retryDelayOnTryAgain: 50,
        clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      });
      // ioredis opens a node's connection on its first command, and without the offline queue the
      // commands that arrive while it opens are retried 100 ms later on a refreshed slot map: the first
      // burst to each master (at start, after a failover) would wait or fail over. Open them as soon
      // as the cluster is ready (not before: its own ready check needs a node not yet connecting).
      const open = (node: Redis) => {
        if (node.status === 'wait') node.connect().catch(() => undefined);
      };
      cluster.on('ready', () => cluster.nodes('all').forEach(open));
      cluster.on('+node', (node: Redis) => {
        if (cluster.status === 'ready') open(node);
      });
      return cluster;
    }
    case 'sentinel':
      return new Redis({
        ...serverOptions(options),
        sentinels: topology.sentinels.map((s) => ({ host: s.host, port: s.port })),
        name: topology.masterName,
        ...(topology.sentinelPassword && { sentinelPassword: topology.sentinelPassword }),
        ...(options.tls && { enableTLSForSentinelMode: true, sentinelTLS: {} }),
        sentinelCommandTimeout: options.timeoutMs,
        sentinelRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
        // Subscribe to the sentinels' +switch-master, so a failover is followed at once, not on the next error.
        failoverDetector: true,
      });
  }
}

const CREDENTIALS_REFUSED = /WRONGPASS|NOAUTH|NOPERM|invalid password|invalid username/i;

interface Probe {
  readonly where: string;
  readonly make: () => Redis;
}

/**
 * Asks the configured servers what they are (INFO server: redis_mode) and, for Sentinel, whether
 * they know the master. The first server that answers decides; none answering is an outage, not a
 * configuration error, and start-up goes on in the failure mode.
 */
async function checkTopology(options: RedisOptions): Promise<void> {
  const { topology } = options;
  const probeOptions: IORedisOptions = {
    ...nodeOptions(options, topology.kind === 'sentinel'),
    lazyConnect: true,
    enableOfflineQueue: true,
    retryStrategy: () => null,
  };
  const probes: Probe[] =
    topology.kind === 'standalone'
      ? [{ where: hostOf(topology.url), make: () => new Redis(topology.url, probeOptions) }]
      : (topology.kind === 'cluster' ? topology.nodes : topology.sentinels).map((address) => ({
          where: addressText(address),
          make: () => new Redis({ ...probeOptions, host: address.host, port: address.port }),
        }));
  for (const probe of probes) {
    const client = probe.make();
    // A refused AUTH arrives as an error event, and the connection closes.
    let refused: Error | undefined;
    client.on('error', (error: Error) => {
      if (CREDENTIALS_REFUSED.test(error.message)) refused = error;
    });
    try {
      await client.connect();
      const mode = /redis_mode:(\w+)/.exec(await client.info('server'))?.[1] ?? 'standalone';
      if (topology.kind === 'sentinel' && mode === 'sentinel') {
        await checkSentinelKnowsMaster(client, probe.where, topology.masterName);
      } else if (mode !== topology.kind) {
        throw new RedisTopologyError(mismatch(topology.kind, mode, probe.where));
      }
      return;
    } catch (error) {
      if (error instanceof RedisTopologyError) throw error;
      const reason = refused ?? (CREDENTIALS_REFUSED.test((error as Error).message) ? (error as Error) : undefined);
      if (reason) {
        throw new RedisTopologyError(
          `Redis at ${probe.where} refused the credentials (${reason.message}): check ${credentialVariables(topology)}`,
        );
      }
      // Unreachable or not answering: try the next one.
    } finally {
      client.disconnect();
    }
  }
}

async function checkSentinelKnowsMaster(sentinel: Redis, where: string, masterName: string): Promise<void> {
  const address = (await sentinel.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', masterName)) as string[] | null;
  if (address) return;
  const masters = (await sentinel.call('SENTINEL', 'MASTERS')) as string[][];
  const names = masters.map((fields) => fields[fields.indexOf('name') + 1]).filter(Boolean);
  throw new RedisTopologyError(
    `The sentinel at ${where} monitors no master named "${masterName}" (it knows ${names.length > 0 ? names.map((n) => `"${n}"`).join(', ') : 'none'}): check REDIS_SENTINEL_MASTER`,
  );
}

const WHAT_IT_IS: Record<string, string> = {
  standalone: 'a standalone Redis (not in cluster mode)',
  cluster: 'a Redis Cluster node',
  sentinel: 'a Redis Sentinel',
};
const SET_INSTEAD: Record<string, string> = {
  standalone: 'Set REDIS_URL to it instead.',
  cluster: 'Set REDIS_CLUSTER_NODES to some of its nodes (host:port, comma-separated) instead.',
  sentinel: 'Set REDIS_SENTINEL_NODES to the sentinels and REDIS_SENTINEL_MASTER to the master name instead.',
};
const VARIABLE = { standalone: 'REDIS_URL', cluster: 'REDIS_CLUSTER_NODES', sentinel: 'REDIS_SENTINEL_NODES' } as const;

function mismatch(configured: RedisTopology['kind'], actual: string, where: string): string {
  const consequence =
    configured === 'standalone' && actual === 'cluster'
      ? ' A standalone client does not follow the cluster, so each instance would fall back to limits of its own.'
      : '';
  return `${VARIABLE[configured]} names ${where}, which is ${WHAT_IT_IS[actual] ?? `a Redis in mode ${actual}`}, not ${configured === 'standalone' ? 'a standalone Redis' : WHAT_IT_IS[configured]}.${consequence} ${SET_INSTEAD[actual] ?? ''}`.trim();
}

function credentialVariables(topology: RedisTopology): string {
  if (topology.kind === 'standalone') return 'the user and password in REDIS_URL';
  if (topology.kind === 'sentinel') return 'REDIS_SENTINEL_PASSWORD (sentinels) and REDIS_USERNAME / REDIS_PASSWORD (data nodes)';
  return 'REDIS_USERNAME and REDIS_PASSWORD';
}

function addressText(address: RedisAddress): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

/** The host and port of a URL, without credentials. */
function hostOf(url: string): string {
  return url.replace(/^rediss?:\/\/([^@/]*@)?/, '').split(/[/?]/)[0] ?? 'the configured address';
}

/** One call's answer within `timeoutMs` (when given), whatever the client does meanwhile; then a timeout error. */
export function boundedCall<T>(work: Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return work;
  return within(work, timeoutMs, () => new Error(`Redis did not answer within ${timeoutMs} ms (timed out)`));
}

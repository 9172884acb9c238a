/**
 * The Redis client for the configured topology (one server, a Redis Cluster, or a master found
 * through Sentinel), set so that no request waits long on an unreachable or slow Redis, after the
 * start-up check (redis-topology-check.ts) of what the server says it is.
 */
import { Cluster, Redis, type RedisOptions as IORedisOptions } from 'ioredis';
import { within } from '../../../application/shared/within.js';
import { describeTopology, housekeepingTimeoutMs, nodeOptions, type RedisOptions } from './redis-options.js';
import { checkTopology } from './redis-topology-check.js';

export type { RedisAddress, RedisOptions, RedisTopology } from './redis-options.js';
export { RedisTopologyError } from './redis-topology-check.js';

export type RedisClient = Redis | Cluster;

export interface RedisConnection {
  readonly client: RedisClient;
  /** The topology in plain words, without credentials, for logs and /readyz. */
  readonly description: string;
  readonly close: () => Promise<void>;
}

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
        slotsRefreshTimeout: housekeepingTimeoutMs(options),
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

/** One call's answer within `timeoutMs` (when given), whatever the client does meanwhile; then a timeout error. */
export function boundedCall<T>(work: Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return work;
  return within(work, timeoutMs, () => new Error(`Redis did not answer within ${timeoutMs} ms (timed out)`));
}

/**
 * The start-up check: asks the configured servers what they are, so that a wrong topology stops the
 * process (RedisTopologyError, the configuration exit code) instead of quietly splitting the limits
 * per instance.
 */
import { Redis, type RedisOptions as IORedisOptions } from 'ioredis';
import { addressText, hostOf, nodeOptions, type RedisOptions, type RedisTopology } from './redis-options.js';

/** The configuration does not match the server: start-up stops with the configuration exit code. */
export class RedisTopologyError extends Error {}

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
export async function checkTopology(options: RedisOptions): Promise<void> {
  const { topology } = options;
  const probeOptions: IORedisOptions = {
    ...nodeOptions(options, topology.kind === 'sentinel'),
    // Start-up's few calls, one at a time before anything else runs: the client's own timers bound them.
    connectTimeout: options.timeoutMs,
    commandTimeout: options.timeoutMs,
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
    `The sentinel at ${where} monitors no master named "${masterName}" (it knows ${names.length > 0 ? names.map((n) => `"${n}"`).join(', ') : 'none'}` +
      `): check REDIS_SENTINEL_MASTER`,
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
  return (
    `${VARIABLE[configured]} names ${where}, which is ${WHAT_IT_IS[actual] ?? `a Redis in mode ${actual}`}` +
    `, not ${configured === 'standalone' ? 'a standalone Redis' : WHAT_IT_IS[configured]}` +
    `.${consequence} ${SET_INSTEAD[actual] ?? ''}`
  ).trim();
}

function credentialVariables(topology: RedisTopology): string {
  if (topology.kind === 'standalone') return 'the user and password in REDIS_URL';
  if (topology.kind === 'sentinel') return 'REDIS_SENTINEL_PASSWORD (sentinels) and REDIS_USERNAME / REDIS_PASSWORD (data nodes)';
  return 'REDIS_USERNAME and REDIS_PASSWORD';
}

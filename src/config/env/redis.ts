/** Where Redis is: REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINEL_NODES, with the settings each allows. */
import type { RedisAddress, RedisOptions } from '../../adapters/access/redis/redis-connection.js';
import { ConfigError } from './config-error.js';

/** The REDIS_* variables as the schema typed them. */
type RedisText =
  | 'REDIS_URL'
  | 'REDIS_CLUSTER_NODES'
  | 'REDIS_SENTINEL_NODES'
  | 'REDIS_SENTINEL_MASTER'
  | 'REDIS_SENTINEL_PASSWORD'
  | 'REDIS_USERNAME'
  | 'REDIS_PASSWORD'
  | 'REDIS_KEY_PREFIX';
export type RedisEnv = Readonly<Record<RedisText, string>> & { readonly REDIS_TLS: 'true' | 'false'; readonly REDIS_TIMEOUT_MS: number };

/** Where Redis is and how to reach it: one server, a cluster, or a master found through Sentinel. */
export type RedisConfig = RedisOptions & { readonly keyPrefix: string };

export function parseRedis(env: RedisEnv): RedisConfig | null {
  const chosen = (['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINEL_NODES'] as const).filter((name) => env[name] !== '');
  if (chosen.length > 1)
    throw new ConfigError(`set one of REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINEL_NODES, not ${chosen.join(' and ')}`);
  const sentinelOnly = (['REDIS_SENTINEL_MASTER', 'REDIS_SENTINEL_PASSWORD'] as const).filter((name) => env[name] !== '');
  if (chosen[0] !== 'REDIS_SENTINEL_NODES' && sentinelOnly.length > 0)
    throw new ConfigError(`${sentinelOnly.join(' and ')} need REDIS_SENTINEL_NODES`);
  const nodeSettings: string[] = (['REDIS_USERNAME', 'REDIS_PASSWORD'] as const).filter((name) => env[name] !== '');
  if (env.REDIS_TLS === 'true') nodeSettings.push('REDIS_TLS');
  if (chosen[0] !== 'REDIS_CLUSTER_NODES' && chosen[0] !== 'REDIS_SENTINEL_NODES' && nodeSettings.length > 0) {
    throw new ConfigError(
      chosen[0] === 'REDIS_URL'
        ? `${nodeSettings.join(' and ')}: for a standalone Redis, put credentials and TLS in REDIS_URL (rediss://user:password@host:port)`
        : `${nodeSettings.join(' and ')} need REDIS_CLUSTER_NODES or REDIS_SENTINEL_NODES`,
    );
  }
  const auth = { ...(env.REDIS_USERNAME && { username: env.REDIS_USERNAME }), ...(env.REDIS_PASSWORD && { password: env.REDIS_PASSWORD }) };
  const common = { timeoutMs: env.REDIS_TIMEOUT_MS, auth, tls: env.REDIS_TLS === 'true', keyPrefix: env.REDIS_KEY_PREFIX };
  switch (chosen[0]) {
    case 'REDIS_URL':
      // Checked apart from the schema so that the message never repeats the URL (it may hold credentials).
      if (!/^rediss?:\/\/./.test(env.REDIS_URL)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
      return { ...common, topology: { kind: 'standalone', url: env.REDIS_URL } };
    case 'REDIS_CLUSTER_NODES':
      return { ...common, topology: { kind: 'cluster', nodes: parseAddresses('REDIS_CLUSTER_NODES', env.REDIS_CLUSTER_NODES) } };
    case 'REDIS_SENTINEL_NODES':
      if (env.REDIS_SENTINEL_MASTER === '')
        throw new ConfigError('REDIS_SENTINEL_MASTER must name the master the sentinels monitor (e.g. mymaster)');
      return {
        ...common,
        topology: {
          kind: 'sentinel',
          sentinels: parseAddresses('REDIS_SENTINEL_NODES', env.REDIS_SENTINEL_NODES),
          masterName: env.REDIS_SENTINEL_MASTER,
          ...(env.REDIS_SENTINEL_PASSWORD && { sentinelPassword: env.REDIS_SENTINEL_PASSWORD }),
        },
      };
    default:
      return null;
  }
}

function parseAddresses(name: string, text: string): RedisAddress[] {
  return text.split(',').map((entry, index) => {
    const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})$/.exec(entry.trim());
    const port = Number(match?.[2]);
    if (!match?.[1] || port < 1 || port > 65535) {
      throw new ConfigError(`${name} entry ${index + 1} must be host:port (e.g. redis-1.internal:6379), comma-separated`);
    }
    return { host: match[1].replace(/^\[|\]$/g, ''), port };
  });
}

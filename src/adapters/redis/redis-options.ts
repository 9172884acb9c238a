/** How the Redis client is configured: the topology, credentials, TLS and time bounds, and how they read in messages. */
import type { RedisOptions as IORedisOptions } from 'ioredis';

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

export function describeTopology(topology: RedisTopology): string {
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
export function nodeOptions(options: RedisOptions, forSentinels = false) {
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

export function addressText(address: RedisAddress): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

/** The host and port of a URL, without credentials. */
export function hostOf(url: string): string {
  return url.replace(/^rediss?:\/\/([^@/]*@)?/, '').split(/[/?]/)[0] ?? 'the configured address';
}

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
  /** Longest wait for a call the application makes (a decision, a usage write, a probe); then the limiter's failure mode applies. */
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
 * How long the client gives a connection attempt, or a cluster's slot map refresh, before it tries
 * again. These are the client's own housekeeping, not a request's wait: no request waits on them
 * (there is no offline queue, and every call runs under its own budget of `timeoutMs`). The client
 * times them with plain timers, which fire before the I/O that completed while this process was
 * busy: at `timeoutMs` (hundreds of milliseconds), an instance compiling its routes at start-up, or
 * bursting, would tear down connections that had opened, and a cluster client left without a node
 * would answer its next burst with redirects and refreshes past every budget. So they get the
 * client's own defaults' order of magnitude instead, and never less than the budget.
 */
export function housekeepingTimeoutMs(options: RedisOptions): number {
  return Math.max(options.timeoutMs, 5_000);
}

/**
 * Bounds shared by every topology: a connect timeout, no retry of a failed command; and the data
 * nodes' credentials and TLS unless `forSentinels`. No ioredis `commandTimeout`: each call the
 * application makes runs under one budget of `timeoutMs` (`boundedCall`), which, unlike the client's
 * plain timer, does not mistake this process's own busy event loop for a slow Redis.
 */
export function nodeOptions(options: RedisOptions, forSentinels = false) {
  const { topology } = options;
  return {
    connectTimeout: housekeepingTimeoutMs(options),
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

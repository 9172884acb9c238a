/** The Redis client, set so that no request waits long on an unreachable or slow Redis. */
import { Redis } from 'ioredis';

export interface RedisOptions {
  readonly url: string;
  /** Longest wait for a connection or a command; then the limiter's failure mode applies. */
  readonly timeoutMs: number;
}

export function connectRedis(options: RedisOptions): Redis {
  return new Redis(options.url, {
    connectTimeout: options.timeoutMs,
    commandTimeout: options.timeoutMs,
    // Fail at once while disconnected instead of queueing: the caller decides (fail open or closed).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Keep reconnecting in the background, so service recovers on its own when Redis returns.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    lazyConnect: false,
  });
}

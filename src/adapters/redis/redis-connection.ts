/** The Redis client, set so that no request waits long on an unreachable or slow Redis. */
import { Redis } from 'ioredis';

export interface RedisOptions {
  readonly url: string;
  /** Longest wait for a connection or a command; then the limiter's failure mode applies. */
  readonly timeoutMs: number;
}

/**
 * Connects, waiting at most `timeoutMs` for the first connection so that early requests are decided
 * by Redis. Without the offline queue, commands sent before then would fail over. If Redis is not
 * there yet, the client keeps trying in the background and the limiter's failure mode applies.
 */
export async function connectRedis(options: RedisOptions): Promise<Redis> {
  const redis = createClient(options);
  // Connection errors surface as failed commands, which the limiter's failure mode handles and reports
  // once per outage; without a listener ioredis would print every reconnect attempt.
  redis.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, options.timeoutMs * 4);
    redis.once('ready', done);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
  });
  return redis;
}

function createClient(options: RedisOptions): Redis {
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

/**
 * Sliding-window limits in Redis, shared by every instance: one Lua script decides and records a
 * request in a single round trip. Keys carry one hash tag per subject, so all of a subject's keys
 * live in one Redis Cluster slot.
 */
import { readFileSync } from 'node:fs';
import { boundedCall, type RedisClient } from './redis-connection.js';
import type { AdmissionPolicy, Outcome, RateDecision, WindowUsage } from '../../domain/rate-limit.js';
import type { Clock } from '../../application/ports/clock.js';
import type { RateLimiter } from '../../application/ports/rate-limiter.js';

const SCRIPT_URL = new URL('./lua/admit.lua', import.meta.url);

interface AdmitCommand {
  admitSlidingWindow(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<(string | number)[]>;
}

export interface RedisRateLimiterOptions {
  /** For tests only: take time from this clock instead of Redis TIME. */
  readonly clock?: Clock;
  readonly keyPrefix?: string;
  /**
   * Longest wait for one decision, whatever the client does meanwhile (a cluster client follows moved
   * slots and failovers with retries of its own); then it fails and the failure mode applies.
   */
  readonly timeoutMs?: number;
}

/** Replies that only a Redis Cluster gives: the client in use does not follow the cluster. */
const CLUSTER_REPLY = /^(MOVED|ASK|CROSSSLOT|CLUSTERDOWN|TRYAGAIN)\b/;

export class RedisRateLimiter implements RateLimiter {
  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly options: RedisRateLimiterOptions = {},
  ) {
    this.prefix = options.keyPrefix ?? 'rl:';
    if (!(redis as unknown as Partial<AdmitCommand>).admitSlidingWindow) {
      redis.defineCommand('admitSlidingWindow', { lua: readFileSync(SCRIPT_URL, 'utf8') });
    }
  }

  /** The Redis keys that hold a subject's state (ban first, then one per window). */
  keysFor(subject: string, policy: AdmissionPolicy): string[] {
    const tag = `${this.prefix}{${subject}}`;
    return [`${tag}:ban`, ...policy.windows.map((w) => `${tag}:${w.name}`)];
  }

  admit(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    return this.run('admit', subject, policy);
  }

  peek(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    return this.run('peek', subject, policy);
  }

  private async run(mode: 'admit' | 'peek', subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    const keys = this.keysFor(subject, policy);
    const args = [
      this.options.clock ? this.options.clock.nowMs() : '',
      mode,
      policy.ban.threshold,
      policy.ban.durationMs,
      policy.ban.strikeWindowMs,
      ...policy.windows.flatMap((w) => [w.limit, w.windowMs, w.bucketMs]),
    ];
    const reply = await this.bounded(
      (this.redis as unknown as AdmitCommand).admitSlidingWindow(keys.length, ...keys, ...args).catch((error: unknown) => {
        throw explainClusterReply(error, this.redis);
      }),
    );
    const [outcome, nowMs, bannedUntil, banStarted] = [String(reply[0]) as Outcome, Number(reply[1]), Number(reply[2]), reply[3] === 1];
    const windows: WindowUsage[] = policy.windows.map((w, i) => ({
      name: w.name,
      limit: w.limit,
      used: Number(reply[4 + i * 3]),
      resetAtMs: Number(reply[5 + i * 3]),
      retryAtMs: Number(reply[6 + i * 3]),
    }));
    return { outcome, nowMs, windows, bannedUntilMs: outcome === 'banned' ? bannedUntil : null, banStarted };
  }

  async ping(): Promise<void> {
    await this.bounded(this.redis.ping());
  }

  private bounded<T>(work: Promise<T>): Promise<T> {
    return boundedCall(work, this.options.timeoutMs);
  }
}

/** A cluster-only reply to a client that is not a cluster client says what to configure instead. */
function explainClusterReply(error: unknown, redis: RedisClient): unknown {
  if (redis.isCluster || !(error instanceof Error) || !CLUSTER_REPLY.test(error.message)) return error;
  return new Error(
    `Redis answered "${error.message}": the server is a Redis Cluster node, but the client is configured for one server (REDIS_URL), so limits are not shared. Set REDIS_CLUSTER_NODES instead.`,
  );
}

/**
 * Sliding-window limits in Redis, shared by every instance: one Lua script decides and records
 * requests in a single round trip. Each subject's state (its ban and its windows) is one string
 * under one key, read once and written at most once per decision.
 *
 * Decisions asked for in the same turn of the event loop go to Redis together, in one script call per
 * Cluster slot (one call in all on a single server). The script takes them in the order they were
 * asked, each exactly as if it had been sent alone, so the answers are those of one call per request;
 * what changes is the cost: one command, one write and one reply for many requests under load.
 */
import calculateSlot from 'cluster-key-slot';
import { boundedCall, type RedisClient } from './redis-connection.js';
import { defineScripts, type ScriptCommands } from './redis-scripts.js';
import type { AdmissionPolicy, RateDecision, StrikeBatch, WindowUsage } from '../../../domain/access/rate-limit.js';
import type { Outcome } from '../../../domain/shared/outcome.js';
import type { Clock } from '../../../application/shared/ports/clock.js';
import type { RateLimiter } from '../../../application/access/ports/rate-limiter.js';

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

/**
 * Most decisions in one script call: Redis runs a script alone, so this bounds how long one call can
 * hold it (a decision takes about 19 µs there, so 100 hold it for about 2 ms; docs/performance.md).
 */
const MAX_BATCH = 100;

interface Pending {
  readonly windows: AdmissionPolicy['windows'];
  readonly resolve: (decision: RateDecision) => void;
  readonly reject: (error: unknown) => void;
}

interface Batch {
  /** One key per decision. */
  readonly keys: string[];
  /** The policies the decisions name, each with its number (from 1). */
  readonly policies: Map<AdmissionPolicy, number>;
  /** Per decision: now ('' for Redis's time), mode, policy number. */
  readonly decisions: (string | number)[];
  readonly pending: Pending[];
}

/** Replies that only a Redis Cluster gives: the client in use does not follow the cluster. */
const CLUSTER_REPLY = /^(MOVED|ASK|CROSSSLOT|CLUSTERDOWN|TRYAGAIN)\b/;

export class RedisRateLimiter implements RateLimiter {
  private readonly prefix: string;
  /** Decisions waiting for the end of this event-loop turn, by Cluster slot (0 on one server). */
  private readonly waiting = new Map<number, Batch>();
  private flushScheduled = false;

  constructor(
    private readonly redis: RedisClient,
    private readonly options: RedisRateLimiterOptions = {},
  ) {
    this.prefix = options.keyPrefix ?? 'rl:';
    defineScripts(redis);
  }

  /**
   * The Redis key that holds a subject's state: its ban and its windows, one string (lua/admit.lua).
   * The name carries the value's layout (v2), so that instances of an older version (one hash per
   * window and one for the ban) never read it during a rolling upgrade.
   */
  keyFor(subject: string): string {
    return `${this.prefix}{${subject}}:v2`;
  }

  admit(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    return this.run('admit', subject, policy);
  }

  peek(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    return this.run('peek', subject, policy);
  }

  strike(subject: string, policy: AdmissionPolicy, batch: StrikeBatch): Promise<RateDecision> {
    return this.run(`strike:${batch.count}:${batch.firstMs}`, subject, policy, batch.lastMs);
  }

  unban(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    return this.run('unban', subject, policy);
  }

  /**
   * One decision in the next script call (lua/admit.lua names the modes). `atMs` is the time it is
   * made at, in the store's time; by default Redis's own (or the test clock's).
   */
  private run(mode: string, subject: string, policy: AdmissionPolicy, atMs?: number): Promise<RateDecision> {
    return new Promise<RateDecision>((resolve, reject) => {
      const key = this.keyFor(subject);
      const slot = this.redis.isCluster ? calculateSlot(key) : 0;
      let batch = this.waiting.get(slot);
      if (batch === undefined) {
        batch = { keys: [], policies: new Map(), decisions: [], pending: [] };
        this.waiting.set(slot, batch);
      }
      // Each policy goes once per call, however many of its decisions the call carries.
      let policyNumber = batch.policies.get(policy);
      if (policyNumber === undefined) {
        policyNumber = batch.policies.size + 1;
        batch.policies.set(policy, policyNumber);
      }
      batch.keys.push(key);
      batch.decisions.push(atMs ?? (this.options.clock ? this.options.clock.nowMs() : ''), mode, policyNumber);
      batch.pending.push({ windows: policy.windows, resolve, reject });
      if (batch.pending.length >= MAX_BATCH) {
        this.waiting.delete(slot);
        this.send(batch);
      } else if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    for (const batch of this.waiting.values()) this.send(batch);
    this.waiting.clear();
  };

  private send({ keys, policies, decisions, pending }: Batch): void {
    const args: (string | number)[] = [policies.size];
    for (const { ban, windows } of policies.keys()) {
      args.push(ban.threshold, ban.durationMs, ban.strikeWindowMs, windows.length);
      for (const w of windows) args.push(w.limit, w.windowMs, w.bucketMs);
    }
    this.bounded((this.redis as unknown as ScriptCommands).admitSlidingWindow(keys.length, ...keys, ...args, ...decisions)).then(
      (replies) => {
        for (let i = 0; i < pending.length; i++) {
          const { windows, resolve } = pending[i]!;
          resolve(decisionOf(replies[i] as (string | number)[], windows));
        }
      },
      (error: unknown) => {
        const explained = explainClusterReply(error, this.redis);
        for (const { reject } of pending) reject(explained);
      },
    );
  }

  async ping(): Promise<void> {
    await this.bounded(this.redis.ping());
  }

  private bounded<T>(work: Promise<T>): Promise<T> {
    return boundedCall(work, this.options.timeoutMs);
  }
}

/**
 * One decision's reply: { outcome, now, bannedUntil, banStarted, dropsAt (-1: none), strikes,
 * strikesUntil, then per window: used, resetAt, retryAt }.
 */
function decisionOf(reply: (string | number)[], policyWindows: AdmissionPolicy['windows']): RateDecision {
  const outcome = String(reply[0]) as Outcome;
  const windows: WindowUsage[] = policyWindows.map((w, i) => ({
    name: w.name,
    limit: w.limit,
    used: Number(reply[7 + i * 3]),
    resetAtMs: Number(reply[8 + i * 3]),
    retryAtMs: Number(reply[9 + i * 3]),
  }));
  const dropsAtMs = Number(reply[4]);
  return {
    outcome,
    nowMs: Number(reply[1]),
    windows,
    bannedUntilMs: outcome === 'banned' ? Number(reply[2]) : null,
    banStarted: reply[3] === 1,
    dropsAtMs: dropsAtMs < 0 ? Infinity : dropsAtMs,
    strikes: Number(reply[5]),
    strikesUntilMs: Number(reply[6]),
  };
}

/** A cluster-only reply to a client that is not a cluster client says what to configure instead. */
function explainClusterReply(error: unknown, redis: RedisClient): unknown {
  if (redis.isCluster || !(error instanceof Error) || !CLUSTER_REPLY.test(error.message)) return error;
  return new Error(
    `Redis answered "${error.message}": the server is a Redis Cluster node, but the client is ` +
      `configured for one server (REDIS_URL), so limits are not shared. Set REDIS_CLUSTER_NODES ` +
      `instead.`,
  );
}

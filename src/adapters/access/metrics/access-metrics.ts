/** The access feature's metrics: rate-limit decisions, bans and local refusals, the limiter's failover, usage counts on their way. */
import { Counter, Gauge, type Registry } from 'prom-client';
import { entry, registerOwn } from '../../shared/metrics/metrics.js';

export class AccessMetrics {
  /** Rate-limit decisions: plan, then outcome. */
  private readonly decided = new Map<string, Map<string, number>>();

  private readonly decisions: Counter<'outcome' | 'plan'> = new Counter({
    name: 'rate_limit_decisions_total',
    help: 'Rate-limit decisions on /v1 requests, by outcome (admitted, limited, banned) and plan (anonymous for callers without a valid key)',
    labelNames: ['outcome', 'plan'] as const,
    registers: [],
    collect: () => {
      this.decisions.reset();
      for (const [plan, byOutcome] of this.decided) {
        for (const [outcome, count] of byOutcome) this.decisions.inc({ outcome, plan }, count);
      }
    },
  });

  private readonly bans = new Counter({
    name: 'rate_limit_bans_total',
    help: 'Clients blocked for sending while limited, by plan',
    labelNames: ['plan'] as const,
    registers: [],
  });

  /** Refusals answered from the instance's own memory, counted here and read at each scrape. */
  private localRefusalCount = 0;
  private readRefusalCacheSize: () => number = () => 0;

  private readonly localRefusals = new Counter({
    name: 'rate_limit_local_refusals_total',
    help: 'Refusals (429) this instance answered from its memory of refused clients, without asking the shared limiter',
    registers: [],
    collect: () => {
      this.localRefusals.reset();
      this.localRefusals.inc(this.localRefusalCount);
    },
  });

  private readonly refusalCacheEntries = new Gauge({
    name: 'rate_limit_refusal_cache_entries',
    help: 'Refused clients (keys and addresses) this instance remembers (at most RATE_LIMIT_REFUSAL_CACHE_SIZE)',
    registers: [],
    collect: () => {
      this.refusalCacheEntries.set(this.readRefusalCacheSize());
    },
  });

  private readonly strikesLostCounter = new Counter({
    name: 'rate_limit_strikes_lost_total',
    help: 'Refusals answered by this instance that the shared limiter could not count toward a ban (it failed)',
    registers: [],
  });

  private readonly degraded = new Gauge({
    name: 'rate_limiter_degraded',
    help: '1 while the shared limiter (Redis) is failing and this instance limits on its own memory (fail-open) or refuses (fail-closed), else 0',
    registers: [],
  });

  private readonly usageDroppedCounter = new Counter({
    name: 'usage_requests_dropped_total',
    help: 'Requests left out of the usage counts because the usage store could not take them and the instance already held its maximum of pending counts',
    registers: [],
  });

  private readonly usagePendingGauge = new Gauge({
    name: 'usage_pending_entries',
    help: 'Usage counts (key-minutes) this instance holds that the usage store has not taken yet',
    registers: [],
  });

  decision(outcome: string, plan: string, banStarted: boolean): void {
    const byOutcome = entry(this.decided, plan);
    byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
    if (banStarted) this.bans.inc({ plan });
  }

  refusedLocally(): void {
    this.localRefusalCount++;
  }

  strikesLost(count: number): void {
    this.strikesLostCounter.inc(count);
  }

  /** Reads rate_limit_refusal_cache_entries from `read` at each scrape. */
  countRefusalCache(read: () => number): void {
    this.readRefusalCacheSize = read;
  }

  limiterDegraded(degraded: boolean): void {
    this.degraded.set(degraded ? 1 : 0);
  }

  usageDropped(requests: number): void {
    this.usageDroppedCounter.inc(requests);
  }

  usagePending(entries: number): void {
    this.usagePendingGauge.set(entries);
  }

  /** Registers each of its metrics on the instance's registry, in the order they are declared. */
  constructor(registry: Registry) {
    registerOwn(this, registry);
    this.degraded.set(0);
  }
}

// Over 300 lines: every metric the service exports, each declared beside the method that sets it, in
// one registry; split, the catalogue would be in several files.
/**
 * Prometheus metrics for one application instance (its own registry, so instances in one process,
 * as in the tests, do not mix). Label values come from small fixed sets (route patterns, status
 * codes, outcomes, plans, stores): never a key, a key id or a raw URL.
 *
 * What every request touches (two counters and the duration histogram) is kept in plain maps and
 * arrays (a few lookups by strings the router and the parser already hold) and handed to
 * prom-client's registry when scraped: prom-client's own per-call work (hashing the labels, turning
 * a bucket bound into a property name) cost more per request than the rest of the metrics together.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

export type Store = 'mongodb' | 'redis';
export type FailureKind = 'timeout' | 'unavailable';

export class Metrics {
  readonly registry = new Registry();

  /** Requests answered: route pattern, then method, then status code. */
  private readonly answered = new Map<string, Map<string, Map<number, number>>>();

  /** Rate-limit decisions: plan, then outcome. */
  private readonly decided = new Map<string, Map<string, number>>();

  private readonly requests: Counter<'method' | 'route' | 'status'> = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: () => {
      this.requests.reset();
      for (const [route, byMethod] of this.answered) {
        for (const [method, byStatus] of byMethod) {
          for (const [status, count] of byStatus) this.requests.inc({ method, route, status: String(status) }, count);
        }
      }
    },
  });

  private readonly duration = new TwoLabelHistogram(this.registry, {
    name: 'http_request_duration_seconds',
    help: 'Time from the first byte of a request to the last byte of its response, by method and route pattern',
    labels: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });

  private readonly storageDuration = new TwoLabelHistogram(this.registry, {
    name: 'storage_call_duration_seconds',
    help: 'Time of each call to MongoDB or Redis through a port (failed and timed-out calls included), by store and operation (port.method)',
    labels: ['store', 'operation'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  });

  private readonly buildInfo = new Gauge({
    name: 'build_info',
    help: 'Always 1; its labels name the running build (version from package.json, commit from BUILD_COMMIT)',
    labelNames: ['version', 'commit'] as const,
    registers: [this.registry],
  });

  private readonly decisions: Counter<'outcome' | 'plan'> = new Counter({
    name: 'rate_limit_decisions_total',
    help: 'Rate-limit decisions on /v1 requests, by outcome (admitted, limited, banned) and plan (anonymous for callers without a valid key)',
    labelNames: ['outcome', 'plan'] as const,
    registers: [this.registry],
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
    registers: [this.registry],
  });

  /** Refusals answered from the instance's own memory, counted here and read at each scrape. */
  private localRefusalCount = 0;
  private readRefusalCacheSize: () => number = () => 0;

  private readonly localRefusals = new Counter({
    name: 'rate_limit_local_refusals_total',
    help: 'Refusals (429) this instance answered from its memory of refused clients, without asking the shared limiter',
    registers: [this.registry],
    collect: () => {
      this.localRefusals.reset();
      this.localRefusals.inc(this.localRefusalCount);
    },
  });

  private readonly refusalCacheEntries = new Gauge({
    name: 'rate_limit_refusal_cache_entries',
    help: 'Refused clients (keys and addresses) this instance remembers (at most RATE_LIMIT_REFUSAL_CACHE_SIZE)',
    registers: [this.registry],
    collect: () => {
      this.refusalCacheEntries.set(this.readRefusalCacheSize());
    },
  });

  private readonly strikesLostCounter = new Counter({
    name: 'rate_limit_strikes_lost_total',
    help: 'Refusals answered by this instance that the shared limiter could not count toward a ban (it failed)',
    registers: [this.registry],
  });

  private readonly degraded = new Gauge({
    name: 'rate_limiter_degraded',
    help: '1 while the shared limiter (Redis) is failing and this instance limits on its own memory (fail-open) or refuses (fail-closed), else 0',
    registers: [this.registry],
  });

  private readonly failures = new Counter({
    name: 'storage_failures_total',
    help: 'Failed MongoDB and Redis calls, by store and kind (timeout: no answer within the configured time; unavailable: refused or failed)',
    labelNames: ['store', 'kind'] as const,
    registers: [this.registry],
  });

  private readonly usageDroppedCounter = new Counter({
    name: 'usage_requests_dropped_total',
    help: 'Requests left out of the usage counts because the usage store could not take them and the instance already held its maximum of pending counts',
    registers: [this.registry],
  });

  private readonly usagePendingGauge = new Gauge({
    name: 'usage_pending_entries',
    help: 'Usage counts (key-minutes) this instance holds that the usage store has not taken yet',
    registers: [this.registry],
  });

  /** Events relayed, by type: counted here on every write, read at each scrape. */
  private readonly relayedByType = new Map<string, number>();

  private readonly eventsRelayedCounter: Counter<'type'> = new Counter({
    name: 'events_relayed_total',
    help: 'Events moved from the outboxes into the event feed by this instance, by type',
    labelNames: ['type'] as const,
    registers: [this.registry],
    collect: () => {
      this.eventsRelayedCounter.reset();
      for (const [type, count] of this.relayedByType) this.eventsRelayedCounter.inc({ type }, count);
    },
  });

  private readonly outboxRecordsGauge = new Gauge({
    name: 'event_outbox_records',
    help: 'Pets and adoption requests carrying events not yet in the event feed (read from the shared store)',
    registers: [this.registry],
  });

  private readonly outboxAgeGauge = new Gauge({
    name: 'event_outbox_oldest_age_seconds',
    help: 'Age of the oldest event not yet in the event feed; 0 when none waits',
    registers: [this.registry],
  });

  private readonly webhookAttemptsCounter: Counter<'outcome'> = new Counter({
    name: 'webhook_attempts_total',
    help: 'Webhook delivery attempts made by this instance, by outcome: delivered, 3xx/4xx/5xx answers, timeout, connect, redirect, blocked',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly webhookAttemptSeconds = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'How long webhook delivery attempts took, from connecting to the answer',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers: [this.registry],
  });

  private readonly webhookDueGauge = new Gauge({
    name: 'webhook_deliveries_due',
    help: 'Webhook deliveries whose attempt is due and not yet made (read from the shared store)',
    registers: [this.registry],
  });

  private readonly webhookDueAgeGauge = new Gauge({
    name: 'webhook_deliveries_oldest_due_age_seconds',
    help: 'How long the longest-waiting due webhook attempt has waited; 0 when none is due',
    registers: [this.registry],
  });

  private readonly webhookDisabledCounter = new Counter({
    name: 'webhook_endpoints_disabled_total',
    help: 'Webhook endpoints this instance disabled: answered 410, or failed for WEBHOOK_DISABLE_AFTER_DAYS',
    registers: [this.registry],
  });

  /** Where the count of dropped log lines is read at scrape time. */
  private readLogDrops: () => number = () => 0;

  private readonly logDropped = new Counter({
    name: 'log_lines_dropped_total',
    help: 'Log lines dropped because stdout took them more slowly than the instance wrote them',
    registers: [this.registry],
    collect: () => {
      this.logDropped.reset();
      this.logDropped.inc(this.readLogDrops());
    },
  });

  constructor(build: { readonly version: string; readonly commit: string } = { version: 'unknown', commit: 'unknown' }) {
    collectDefaultMetrics({ register: this.registry });
    this.degraded.set(0);
    this.buildInfo.set(build, 1);
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const byStatus = entry(entry(this.answered, route), method);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.duration.observe(method, route, seconds);
  }

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

  eventsRelayed(events: readonly { readonly type: string }[]): void {
    for (const { type } of events) this.relayedByType.set(type, (this.relayedByType.get(type) ?? 0) + 1);
  }

  webhookAttempted(outcome: string, durationMs: number): void {
    this.webhookAttemptsCounter.inc({ outcome });
    this.webhookAttemptSeconds.observe(durationMs / 1000);
  }

  webhookBacklog(due: number, oldestAgeSeconds: number): void {
    this.webhookDueGauge.set(due);
    this.webhookDueAgeGauge.set(oldestAgeSeconds);
  }

  webhookEndpointDisabled(): void {
    this.webhookDisabledCounter.inc();
  }

  outboxBacklog(records: number, oldestAgeSeconds: number): void {
    this.outboxRecordsGauge.set(records);
    this.outboxAgeGauge.set(oldestAgeSeconds);
  }

  usagePending(entries: number): void {
    this.usagePendingGauge.set(entries);
  }

  /** Reads log_lines_dropped_total from `read` (the stdout writer's count) at each scrape. */
  countLogDrops(read: () => number): void {
    this.readLogDrops = read;
  }

  /** Where the durations of one store operation go: called once per port method, then per call. */
  storageCallTimer(store: Store, operation: string): (seconds: number) => void {
    const series = this.storageDuration.seriesOf(store, operation);
    return (seconds) => this.storageDuration.record(series, seconds);
  }

  storageFailure(store: Store, kind: FailureKind): void {
    this.failures.inc({ store, kind });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

function entry<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let inner = map.get(key);
  if (inner === undefined) {
    inner = new Map();
    map.set(key, inner);
  }
  return inner;
}

/** What prom-client's registry reads from a metric when scraped (its typings describe its own classes only). */
interface ExposedMetric {
  readonly name: string;
  readonly help: string;
  readonly type: 'histogram';
  readonly aggregator: 'sum';
  readonly values: { metricName: string; labels: Record<string, string | number>; value: number }[];
}

interface HistogramSeries {
  readonly labels: Record<string, string>;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A histogram with two labels, registered with prom-client's registry as a metric of its own: the
 * registry asks it for its values when scraped. prom-client's own Histogram (observe per request)
 * cost 4 to 10 µs more CPU per request side by side, and its registry reads a subclass through an
 * untyped method (getForPromString), so this stands apart; the exposition test in
 * test/http/shared/metrics.test.ts holds it to the format.
 */
class TwoLabelHistogram {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  private readonly labels: readonly [string, string];
  private readonly buckets: readonly number[];
  /** Second label's value, then first label's value. */
  private readonly series = new Map<string, Map<string, HistogramSeries>>();

  constructor(registry: Registry, shape: { name: string; help: string; labels: readonly [string, string]; buckets: readonly number[] }) {
    this.name = shape.name;
    this.help = shape.help;
    this.labels = shape.labels;
    this.buckets = shape.buckets;
    registry.registerMetric(this as unknown as Metric);
  }

  seriesOf(first: string, second: string): HistogramSeries {
    const byFirst = entry(this.series, second);
    let series = byFirst.get(first);
    if (series === undefined) {
      series = {
        labels: { [this.labels[0]]: first, [this.labels[1]]: second },
        counts: new Float64Array(this.buckets.length + 1),
        sum: 0,
        count: 0,
      };
      byFirst.set(first, series);
    }
    return series;
  }

  observe(first: string, second: string, seconds: number): void {
    this.record(this.seriesOf(first, second), seconds);
  }

  record(series: HistogramSeries, seconds: number): void {
    const buckets = this.buckets;
    let bucket = 0;
    while (bucket < buckets.length && seconds > (buckets[bucket] as number)) bucket++;
    series.counts[bucket] = (series.counts[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  get(): Promise<ExposedMetric> {
    const values: ExposedMetric['values'] = [];
    for (const byFirst of this.series.values()) {
      for (const series of byFirst.values()) {
        if (series.count === 0) continue;
        let cumulative = 0;
        for (let bucket = 0; bucket <= this.buckets.length; bucket++) {
          cumulative += series.counts[bucket] as number;
          const le = bucket < this.buckets.length ? (this.buckets[bucket] as number) : '+Inf';
          values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le }, value: cumulative });
        }
        values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
        values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
      }
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  /** Zeroes every series (kept: callers may hold one from seriesOf). */
  reset(): void {
    for (const byFirst of this.series.values()) {
      for (const series of byFirst.values()) {
        series.counts.fill(0);
        series.sum = 0;
        series.count = 0;
      }
    }
  }
}

/**
 * Prometheus metrics for one application instance (its own registry, so instances in one process,
 * as in the tests, do not mix): what every request and every store call is measured by, and each
 * feature's own metrics (AccessMetrics, ...), made on the same registry by `feature`. Label values come from small fixed sets (route patterns, status
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

/** A feature's metrics: made with the instance's registry, registering each of its metrics on it. */
export type MetricsKind<T> = new (registry: Registry) => T;

export class Metrics {
  readonly registry = new Registry();

  /** Requests answered: route pattern, then method, then status code. */
  private readonly answered = new Map<string, Map<string, Map<number, number>>>();

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

  private readonly failures = new Counter({
    name: 'storage_failures_total',
    help: 'Failed MongoDB and Redis calls, by store and kind (timeout: no answer within the configured time; unavailable: refused or failed)',
    labelNames: ['store', 'kind'] as const,
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

  /** Each feature's metrics, one of each kind per registry. */
  private readonly features = new Map<MetricsKind<unknown>, unknown>();

  /** The feature's metrics of this kind, on this registry: made at the first call, the same after. */
  feature<T>(Kind: MetricsKind<T>): T {
    let made = this.features.get(Kind) as T | undefined;
    if (made === undefined) {
      made = new Kind(this.registry);
      this.features.set(Kind, made);
    }
    return made;
  }

  constructor(build: { readonly version: string; readonly commit: string } = { version: 'unknown', commit: 'unknown' }) {
    collectDefaultMetrics({ register: this.registry });
    this.buildInfo.set(build, 1);
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const byStatus = entry(entry(this.answered, route), method);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.duration.observe(method, route, seconds);
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

export function entry<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
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

/** Registers every prom-client metric held by `owner`'s fields on `registry`, in the fields' order. */
export function registerOwn(owner: object, registry: Registry): void {
  for (const value of Object.values(owner)) {
    if (value instanceof Counter || value instanceof Gauge || value instanceof Histogram) registry.registerMetric(value as Metric);
  }
}

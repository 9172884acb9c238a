/** The adoption feature's metrics: events relayed into the feed, and what waits in the outboxes. */
import { Counter, Gauge, type Registry } from 'prom-client';
import { registerOwn } from '../../shared/metrics/metrics.js';

export class AdoptionMetrics {
  /** Events relayed, by type: counted here on every write, read at each scrape. */
  private readonly relayedByType = new Map<string, number>();

  private readonly eventsRelayedCounter: Counter<'type'> = new Counter({
    name: 'events_relayed_total',
    help: 'Events moved from the outboxes into the event feed by this instance, by type',
    labelNames: ['type'] as const,
    registers: [],
    collect: () => {
      this.eventsRelayedCounter.reset();
      for (const [type, count] of this.relayedByType) this.eventsRelayedCounter.inc({ type }, count);
    },
  });

  private readonly outboxRecordsGauge = new Gauge({
    name: 'event_outbox_records',
    help: 'Pets and adoption requests carrying events not yet in the event feed (read from the shared store)',
    registers: [],
  });

  private readonly outboxAgeGauge = new Gauge({
    name: 'event_outbox_oldest_age_seconds',
    help: 'Age of the oldest event not yet in the event feed; 0 when none waits',
    registers: [],
  });

  eventsRelayed(events: readonly { readonly type: string }[]): void {
    for (const { type } of events) this.relayedByType.set(type, (this.relayedByType.get(type) ?? 0) + 1);
  }

  outboxBacklog(records: number, oldestAgeSeconds: number): void {
    this.outboxRecordsGauge.set(records);
    this.outboxAgeGauge.set(oldestAgeSeconds);
  }

  /** Registers each of its metrics on the instance's registry, in the order they are declared. */
  constructor(registry: Registry) {
    registerOwn(this, registry);
  }
}

/** The webhooks feature's metrics: delivery attempts and their time, the due backlog, endpoints disabled. */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { registerOwn } from '../../shared/metrics/metrics.js';

export class WebhookMetrics {
  private readonly webhookAttemptsCounter: Counter<'outcome'> = new Counter({
    name: 'webhook_attempts_total',
    help: 'Webhook delivery attempts made by this instance, by outcome: delivered, 3xx/4xx/5xx answers, timeout, connect, redirect, blocked',
    labelNames: ['outcome'] as const,
    registers: [],
  });

  private readonly webhookAttemptSeconds = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'How long webhook delivery attempts took, from connecting to the answer',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers: [],
  });

  private readonly webhookDueGauge = new Gauge({
    name: 'webhook_deliveries_due',
    help: 'Webhook deliveries whose attempt is due and not yet made (read from the shared store)',
    registers: [],
  });

  private readonly webhookDueAgeGauge = new Gauge({
    name: 'webhook_deliveries_oldest_due_age_seconds',
    help: 'How long the longest-waiting due webhook attempt has waited; 0 when none is due',
    registers: [],
  });

  private readonly webhookDisabledCounter = new Counter({
    name: 'webhook_endpoints_disabled_total',
    help: 'Webhook endpoints this instance disabled: answered 410, or failed for WEBHOOK_DISABLE_AFTER_DAYS',
    registers: [],
  });

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

  /** Registers each of its metrics on the instance's registry, in the order they are declared. */
  constructor(registry: Registry) {
    registerOwn(this, registry);
  }
}

/**
 * The work every instance does in the background, each on a timer of its own, one run at a time:
 * usage flushes, the hold sweep, the event relay, webhook delivery, and the backlog metrics.
 */
import type { Logger } from 'pino';
import type { Metrics } from '../adapters/shared/metrics/metrics.js';
import type { Clock } from '../application/shared/ports/clock.js';
import type { Outbox } from '../application/adoption/ports/outbox.js';
import type { WebhookDeliveryStore } from '../application/webhooks/ports/webhook-delivery-store.js';
import type { EventRelay } from '../application/adoption/services/event-relay.js';
import type { UsageRecorder } from '../application/access/services/usage-recorder.js';
import type { WebhookDispatcher } from '../application/webhooks/services/webhook-dispatcher.js';
import type { SettleHolds } from '../application/adoption/use-cases/settle-holds.js';

/** How often each instance finishes adoption steps interrupted by a crash (settle-holds.ts): the bound on how long one may show. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

/** How often each instance moves events from the outboxes into the feed: about how long an event takes to appear. */
export const EVENT_RELAY_INTERVAL_MS = 200;

/** How often each instance looks for new events to deliver and for due webhook attempts. */
export const WEBHOOK_INTERVAL_MS = 250;

/** The most webhook passes one tick runs back to back while they find work. */
const MAX_WEBHOOK_PASSES_PER_TICK = 20;

/** Fans events out to webhook endpoints and makes the due attempts every `intervalMs`; the returned function stops it. */
export function deliverEvery(dispatcher: WebhookDispatcher, intervalMs: number, logger: Logger): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      for (let passes = 0; passes < MAX_WEBHOOK_PASSES_PER_TICK; passes++) {
        const fanned = await dispatcher.fanOut();
        const attempted = await dispatcher.attemptDue();
        if (fanned === 0 && attempted === 0) break;
      }
    } catch (error) {
      logger.warn({ err: error }, 'Webhook delivery paused: the store failed; deliveries wait and go at the next pass');
    }
  });
}

/** Sets the webhook backlog metrics every `intervalMs`: attempts due, and how long the oldest has waited. */
export function watchDeliveries(deliveries: WebhookDeliveryStore, clock: Clock, metrics: Metrics, intervalMs: number): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      const nowMs = clock.nowMs();
      const { due, oldestDueAt } = await deliveries.backlog(nowMs);
      metrics.webhookBacklog(due, oldestDueAt === null ? 0 : Math.max(0, (nowMs - Date.parse(oldestDueAt)) / 1000));
    } catch {
      // The store is down: the storage metrics say so; these keep their last values.
    }
  });
}

/** How often each instance reads the outboxes' backlog for its metrics. */
export const OUTBOX_WATCH_INTERVAL_MS = 15_000;

/** Sets the outbox metrics every `intervalMs`: how many records wait, and the oldest event's age. */
export function watchOutboxes(outboxes: readonly Outbox[], clock: Clock, metrics: Metrics, intervalMs: number): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      const backlogs = await Promise.all(outboxes.map((outbox) => outbox.backlog()));
      const oldest = backlogs
        .map((b) => b.oldestAt)
        .filter((at): at is string => at !== null)
        .sort()[0];
      const ageSeconds = oldest === undefined ? 0 : Math.max(0, (clock.nowMs() - Date.parse(oldest)) / 1000);
      metrics.outboxBacklog(
        backlogs.reduce((sum, b) => sum + b.records, 0),
        ageSeconds,
      );
    } catch {
      // The store is down: the storage metrics say so; these keep their last values.
    }
  });
}

/** The most relay passes one tick runs back to back (each up to 100 records per outbox). */
const MAX_PASSES_PER_TICK = 50;

/** Relays events every `intervalMs`; the returned function stops it and relays once more. */
export function relayEvery(relay: EventRelay, intervalMs: number, logger: Logger): () => Promise<void> {
  // Passes follow one another while they find events, so a burst drains at once instead of one batch a tick.
  const drain = async () => {
    for (let passes = 0; passes < MAX_PASSES_PER_TICK && (await relay.pass()) > 0; passes++);
  };
  const pass = () =>
    drain().catch((error: unknown) =>
      logger.warn({ err: error }, 'Relaying events to the feed failed; they stay in the outboxes and go at the next pass'),
    );
  const stop = every(intervalMs, pass);
  return async () => {
    await stop();
    await pass();
  };
}

/** Runs the hold sweep every `intervalMs`; the returned function stops it (waiting for a sweep under way). */
export function sweepEvery(holds: SettleHolds, intervalMs: number, logger: Logger): () => Promise<void> {
  return every(intervalMs, () =>
    holds
      .sweep()
      .then((settled) => {
        if (settled > 0) logger.warn({ settled }, 'Finished adoption steps that an earlier failure interrupted');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'The adoption hold sweep failed; it runs again at the next interval')),
  );
}

/**
 * Flushes the usage counts every `intervalMs`. The returned function stops the timer and flushes
 * what is left.
 */
export function flushEvery(recorder: UsageRecorder, intervalMs: number, metrics?: Metrics): () => Promise<void> {
  const stop = every(intervalMs, async () => {
    await recorder.flush();
    metrics?.usagePending(recorder.pending);
  });
  return async () => {
    await stop();
    await recorder.flush();
  };
}

/**
 * Runs `work` every `intervalMs`, one run at a time: a slow run delays the next rather than stacking
 * them. `work` reports its own failures. The returned function stops the timer and waits for a run
 * under way.
 */
function every(intervalMs: number, work: () => Promise<void>): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = work().finally(() => {
        if (!stopped) schedule();
      });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

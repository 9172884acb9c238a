/** What an attempt makes of a delivery: delivered, failed for good, the schedule's next wait (with jitter and Retry-After), exhausted. */
import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  DEFAULT_RETRY_SCHEDULE_MS,
  dueAgain,
  failingTooLong,
  MAX_KEPT_ATTEMPTS,
  MIN_FAILING_SPREAD_MS,
  RECOVERABLE_STATUSES,
  TEST_EVENT_TYPE,
  withoutAttempt,
  retryAfterMs,
  type AttemptOutcome,
  type WebhookDelivery,
} from '../../../../src/domain/webhooks/webhook-delivery.js';
import { deliveryIdFor } from '../../../../src/application/webhooks/services/webhook-delivery-ids.js';
import { WEBHOOK_DELIVERY_ID_PATTERN } from '../../../../src/domain/webhooks/webhook-delivery.js';
import { parseRetrySchedule } from '../../../../src/config/modules/webhooks-settings.js';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const SCHEDULE = [1_000, 2_000, 4_000];
const pending: WebhookDelivery = {
  id: 'wd_x',
  endpointId: 'we_x',
  ownerId: 'acct',
  eventId: 'evt_x',
  eventType: 'pet.created',
  body: '{}',
  status: 'pending',
  attempts: [],
  nextAttemptAt: new Date(NOW).toISOString(),
  createdAt: new Date(NOW).toISOString(),
  updatedAt: new Date(NOW).toISOString(),
  version: 1,
};
const answer = (statusCode: number, retryAfter: number | null = null): AttemptOutcome => ({
  kind: 'response',
  statusCode,
  retryAfterMs: retryAfter,
});
const waitAfter = (delivery: WebhookDelivery) => Date.parse(delivery.nextAttemptAt as string) - NOW;

describe('afterAttempt', () => {
  it('delivers on any 2xx, and records the attempt', () => {
    for (const status of [200, 201, 202, 204, 299]) {
      const after = afterAttempt(pending, answer(status), NOW, 40, SCHEDULE, 0.5);
      expect(after).toMatchObject({ status: 'delivered', nextAttemptAt: null, version: 2 });
      expect(after.attempts).toEqual([{ at: new Date(NOW - 40).toISOString(), statusCode: status, error: null, durationMs: 40 }]);
    }
  });

  it('fails for good, without a next attempt, on 410 and on a blocked address', () => {
    expect(afterAttempt(pending, answer(410), NOW, 5, SCHEDULE, 0.5)).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(afterAttempt(pending, { kind: 'error', error: 'blocked' }, NOW, 0, SCHEDULE, 0.5)).toMatchObject({ status: 'failed' });
  });

  it('waits each step of the schedule after each failure, spread by at most 10%, then is exhausted', () => {
    let delivery = pending;
    for (const [index, step] of SCHEDULE.entries()) {
      const outcome: AttemptOutcome = index % 2 === 0 ? answer(500) : { kind: 'error', error: 'timeout' };
      delivery = afterAttempt(delivery, outcome, NOW, 0, SCHEDULE, 0.5);
      expect(delivery.status).toBe('pending');
      expect(waitAfter(delivery)).toBe(step);
      expect(waitAfter(afterAttempt(pending, outcome, NOW, 0, [step], 0))).toBe(step * 0.9);
      expect(waitAfter(afterAttempt(pending, outcome, NOW, 0, [step], 0.999_999))).toBeCloseTo(step * 1.1, -1);
    }
    delivery = afterAttempt(delivery, { kind: 'error', error: 'connect' }, NOW, 0, SCHEDULE, 0.5);
    expect(delivery).toMatchObject({ status: 'exhausted', nextAttemptAt: null });
    expect(delivery.attempts).toHaveLength(4);
  });

  it('waits what Retry-After asks on 429 and 503 when longer than the step, never beyond the longest step; other statuses ignore it', () => {
    expect(waitAfter(afterAttempt(pending, answer(429, 3_000), NOW, 0, SCHEDULE, 0.5))).toBe(3_000);
    expect(waitAfter(afterAttempt(pending, answer(503, 500), NOW, 0, SCHEDULE, 0.5))).toBe(1_000);
    expect(waitAfter(afterAttempt(pending, answer(503, 86_400_000), NOW, 0, SCHEDULE, 0.5))).toBe(4_000);
    expect(waitAfter(afterAttempt(pending, answer(500, 3_000), NOW, 0, SCHEDULE, 0.5))).toBe(1_000);
  });

  it('goes on from the attempts made when sent again: an exhausted delivery that fails once more is exhausted again', () => {
    let delivery = pending;
    for (let i = 0; i <= SCHEDULE.length; i++) delivery = afterAttempt(delivery, answer(500), NOW, 0, SCHEDULE, 0.5);
    expect(delivery.status).toBe('exhausted');
    const again = dueAgain(delivery, NOW + 1);
    expect(again).toMatchObject({ status: 'pending', nextAttemptAt: new Date(NOW + 1).toISOString() });
    expect(afterAttempt(again, answer(500), NOW, 0, SCHEDULE, 0.5).status).toBe('exhausted');
    expect(afterAttempt(again, answer(200), NOW, 0, SCHEDULE, 0.5).status).toBe('delivered');
  });

  it('counts failures only toward the schedule: a 300 or a 199 is one, an earlier delivered attempt is not', () => {
    expect(afterAttempt(pending, answer(300), NOW, 0, SCHEDULE, 0.5)).toMatchObject({ status: 'pending' });
    expect(afterAttempt(pending, answer(199), NOW, 0, SCHEDULE, 0.5)).toMatchObject({ status: 'pending' });
    // Delivered once, then sent again by its owner: the first failure after waits the first step.
    const delivered = afterAttempt(pending, answer(200), NOW, 0, SCHEDULE, 0.5);
    const again = afterAttempt(dueAgain(delivered, NOW), answer(500), NOW, 0, SCHEDULE, 0.5);
    expect(waitAfter(again)).toBe(SCHEDULE[0]);
    // And with 299, 300 and 199 behind it: two failures so far, then the second step.
    let mixed = pending;
    for (const status of [299, 300]) mixed = dueAgain(afterAttempt(mixed, answer(status), NOW, 0, SCHEDULE, 0.5), NOW);
    expect(waitAfter(afterAttempt(mixed, answer(199), NOW, 0, SCHEDULE, 0.5))).toBe(SCHEDULE[1]);
  });

  it(`keeps the last ${MAX_KEPT_ATTEMPTS} attempts, oldest dropped`, () => {
    let delivery = pending;
    const longSchedule = Array.from({ length: 100 }, () => 1_000);
    for (let i = 0; i < MAX_KEPT_ATTEMPTS + 1; i++) delivery = afterAttempt(delivery, answer(500), NOW + i, i, longSchedule, 0.5);
    expect(delivery.attempts).toHaveLength(MAX_KEPT_ATTEMPTS);
    expect(delivery.attempts[0]?.durationMs).toBe(1);
    expect(delivery.attempts.at(-1)?.durationMs).toBe(MAX_KEPT_ATTEMPTS);
  });

  it('moves the version one on when sent again or ended without an attempt', () => {
    const at = new Date(NOW + 5).toISOString();
    expect(dueAgain({ ...pending, version: 4 }, NOW + 5)).toEqual({
      ...pending,
      status: 'pending',
      nextAttemptAt: at,
      updatedAt: at,
      version: 5,
    });
    expect(withoutAttempt({ ...pending, version: 4 }, 'skipped', NOW + 5)).toEqual({
      ...pending,
      status: 'skipped',
      nextAttemptAt: null,
      updatedAt: at,
      version: 5,
    });
  });

  it('recovers failed, exhausted and skipped deliveries; a test ping has its own type', () => {
    expect([...RECOVERABLE_STATUSES].sort()).toEqual(['exhausted', 'failed', 'skipped']);
    expect(TEST_EVENT_TYPE).toBe('webhook.test');
  });

  it('the default schedule lasts about three days over ten attempts', () => {
    const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(DEFAULT_RETRY_SCHEDULE_MS).toHaveLength(9);
    expect(total / 86_400_000).toBeGreaterThan(2.9);
    expect(total / 86_400_000).toBeLessThan(3.1);
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(retryAfterMs(new Date(NOW - 30_000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs(undefined, NOW)).toBeNull();
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs('-5', NOW)).toBeNull();
    // Spaces around are not part of it; a number with more after it, or a date with an offset after GMT, is not one.
    expect(retryAfterMs(' 120 ', NOW)).toBe(120_000);
    expect(retryAfterMs('120s', NOW)).toBeNull();
    expect(retryAfterMs(`${new Date(NOW + 30_000).toUTCString()}+0100`, NOW)).toBeNull();
  });
});

describe('WEBHOOK_RETRY_SCHEDULE', () => {
  it('takes waits with units, and refuses anything else naming the part', () => {
    expect(parseRetrySchedule('1s,2s,4s')).toEqual([1_000, 2_000, 4_000]);
    expect(parseRetrySchedule(' 500ms , 5m, 2h, 1d ')).toEqual([500, 300_000, 7_200_000, 86_400_000]);
    expect(parseRetrySchedule('')).toBe(DEFAULT_RETRY_SCHEDULE_MS);
    for (const bad of ['1', '1s,', '0s', '8d', '1.5s', 'fast'])
      expect(() => parseRetrySchedule(bad), bad).toThrow(/WEBHOOK_RETRY_SCHEDULE has "/);
  });
});

describe('delivery ids', () => {
  it('are one per event and endpoint: the same pair gives the same id, another pair another, sorted by the event', () => {
    const event = 'evt_0mwqcvpc00001Ab3dE9';
    const id = deliveryIdFor(event, 'we_0mwqcvpc0001Ab3dE9f');
    expect(id).toMatch(new RegExp(WEBHOOK_DELIVERY_ID_PATTERN));
    expect(deliveryIdFor(event, 'we_0mwqcvpc0001Ab3dE9f')).toBe(id);
    expect(deliveryIdFor(event, 'we_0mwqcvpc0002Ab3dE9f')).not.toBe(id);
    expect(deliveryIdFor('evt_0mwqcvpc10001Ab3dE9', 'we_0mwqcvpc0001Ab3dE9f') > id).toBe(true);
  });

  it('never change between versions: a fan-out after an upgrade finds the deliveries made before it', () => {
    expect(deliveryIdFor('evt_0mwqcvpc00001Ab3dE9', 'we_0mwqcvpc0001Ab3dE9f')).toBe('wd_0mwqcvpc00001Ab3dE9fg3dz56amzqt');
    // An endpoint whose hash has fewer base-36 digits than the id keeps: padded, the id keeps its length.
    expect(deliveryIdFor('evt_0mwqcvpc00001Ab3dE9', 'we_60')).toBe('wd_0mwqcvpc00001Ab3dE9055dwaxboj4i');
    expect(deliveryIdFor('evt_0mwqcvpc00001Ab3dE9', 'we_60')).toMatch(new RegExp(WEBHOOK_DELIVERY_ID_PATTERN));
  });
});

describe('failingTooLong', () => {
  const DAY = 86_400_000;
  const health = (failingSinceMs: number | null, lastSuccessAt: number | null = null) => ({ failingSinceMs, lastSuccessAt });

  it('is false for an endpoint with no failure under way, however long ago it last delivered', () => {
    expect(failingTooLong(health(null, 0), 100 * DAY, 3 * DAY, 0)).toBe(false);
  });

  it('counts from the latest of the first failure, the last change and the last success, and never less than 12 hours', () => {
    expect(failingTooLong(health(0), 3 * DAY, 3 * DAY, 0)).toBe(true);
    expect(failingTooLong(health(0), 3 * DAY - 1, 3 * DAY, 0)).toBe(false);
    expect(failingTooLong(health(0), 3 * DAY, 3 * DAY, 1)).toBe(false);
    expect(failingTooLong(health(0, 1), 3 * DAY, 3 * DAY, 0)).toBe(false);
    expect(failingTooLong(health(0), MIN_FAILING_SPREAD_MS - 1, 1, 0)).toBe(false);
    expect(failingTooLong(health(0), MIN_FAILING_SPREAD_MS, 1, 0)).toBe(true);
  });
});

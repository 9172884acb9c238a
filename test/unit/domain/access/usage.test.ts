import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { bucketExpiresAt, bucketRange, countRequest, emptyCounts, fillRange } from '../../../../src/domain/access/usage.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 10, 30, 15);

describe('usage counts', () => {
  it('counts each request once by outcome and once by operation, and the admitted ones answered 4xx or 5xx again', () => {
    const counts = emptyCounts();
    countRequest(counts, 'listPets', 'admitted', 200);
    countRequest(counts, 'listPets', 'admitted', 399);
    countRequest(counts, 'createPet', 'admitted', 400);
    countRequest(counts, 'createPet', 'admitted', 499);
    countRequest(counts, 'getPet', 'admitted', 500);
    countRequest(counts, 'getPet', 'admitted', 503);
    // A refusal's 429 is its outcome, not a client error.
    countRequest(counts, 'listPets', 'limited', 429);
    countRequest(counts, 'listPets', 'banned', 429);
    expect(counts).toEqual({
      admitted: 6,
      limited: 1,
      banned: 1,
      clientErrors: 2,
      serverErrors: 2,
      byOperation: { listPets: 4, createPet: 2, getPet: 2 },
    });
  });
});

describe('usage ranges', () => {
  it('by default ends with the current bucket and spans 60 minutes, 24 hours or 30 days of buckets', () => {
    expect(bucketRange('minute', NOW)).toEqual({
      granularity: 'minute',
      firstMs: Date.UTC(2026, 10, 25, 9, 31),
      lastMs: Date.UTC(2026, 10, 25, 10, 30),
    });
    expect(bucketRange('hour', NOW)).toEqual({
      granularity: 'hour',
      firstMs: Date.UTC(2026, 10, 24, 11),
      lastMs: Date.UTC(2026, 10, 25, 10),
    });
    expect(bucketRange('day', NOW)).toEqual({ granularity: 'day', firstMs: Date.UTC(2026, 9, 27), lastMs: Date.UTC(2026, 10, 25) });
    // On a bucket's first instant, that bucket is the current one.
    const onTheHour = Date.UTC(2026, 10, 25, 10);
    expect(bucketRange('hour', onTheHour).lastMs).toBe(onTheHour);
  });

  it('covers the buckets overlapping [from, to): to excluded, buckets not begun left out', () => {
    const from = Date.UTC(2026, 10, 25, 8, 15);
    expect(bucketRange('hour', NOW, from, Date.UTC(2026, 10, 25, 10))).toEqual({
      granularity: 'hour',
      firstMs: Date.UTC(2026, 10, 25, 8),
      lastMs: Date.UTC(2026, 10, 25, 9),
    });
    expect(bucketRange('hour', NOW, from, Date.UTC(2026, 10, 25, 10, 0, 0, 1)).lastMs).toBe(Date.UTC(2026, 10, 25, 10));
    expect(bucketRange('hour', NOW, from, NOW + 5 * HOUR).lastMs).toBe(Date.UTC(2026, 10, 25, 10));
    const range = bucketRange('minute', NOW, NOW - 3 * MINUTE, NOW);
    const buckets = fillRange(range, new Map([[Date.UTC(2026, 10, 25, 10, 28), { ...emptyCounts(), admitted: 2 }]]));
    expect(buckets.map((b) => [new Date(b.startMs).toISOString().slice(11, 16), b.admitted])).toEqual([
      ['10:27', 0],
      ['10:28', 2],
      ['10:29', 0],
      ['10:30', 0],
    ]);
  });

  it('refuses from not before to, a range older than the granularity is kept, and more than 1000 buckets', () => {
    const refused = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).message;
      }
      throw new Error('not refused');
    };
    expect(refused(() => bucketRange('hour', NOW, NOW, NOW))).toBe('from must be before to');
    expect(refused(() => bucketRange('hour', NOW, NOW, NOW - 1))).toBe('from must be before to');
    // Kept: 48 hours of minutes, 31 days of hours, 400 days of days (whole buckets, the current one included).
    expect(bucketRange('minute', NOW, NOW - 48 * HOUR, NOW - 47 * HOUR).firstMs).toBe(Date.UTC(2026, 10, 23, 10, 30));
    expect(refused(() => bucketRange('minute', NOW, NOW - 48 * HOUR - MINUTE, NOW - 47 * HOUR))).toMatch(
      /more than the 48 hours ago that minute buckets are kept; .*coarser granularity/,
    );
    expect(refused(() => bucketRange('hour', NOW, NOW - 31 * DAY - HOUR, NOW - 30 * DAY))).toMatch(/31 days/);
    expect(refused(() => bucketRange('day', NOW, NOW - 401 * DAY, NOW - 399 * DAY))).toMatch(/400 days/);
    expect(refused(() => bucketRange('minute', NOW, undefined, NOW - 47 * HOUR - 30 * MINUTE))).toMatch(/48 hours/);
    expect(bucketRange('minute', NOW, NOW - 999 * MINUTE, NOW + 1)).toMatchObject({
      firstMs: Date.UTC(2026, 10, 25, 10, 30) - 999 * MINUTE,
    });
    expect(refused(() => bucketRange('minute', NOW, NOW - 1000 * MINUTE, NOW + 1))).toBe(
      'from and to cover 1001 minute buckets; at most 1000 may be read at once: narrow the range or ask for a coarser granularity',
    );
  });
});

describe('usage ranges: what a refusal names', () => {
  const refusal = (run: () => unknown): { field: string; message: string } => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      const { field, message } = error as ValidationError & { field: string };
      return { field, message };
    }
    throw new Error('not refused');
  };

  it('names the parameter to change, and suggests a coarser granularity only where there is one', () => {
    expect(refusal(() => bucketRange('hour', NOW, NOW, NOW))).toEqual({ field: 'from', message: 'from must be before to' });
    expect(refusal(() => bucketRange('day', NOW, NOW - 401 * DAY, NOW - 399 * DAY))).toEqual({
      field: 'from',
      message: 'the range begins more than the 400 days ago that day buckets are kept; move from (or to) later',
    });
    expect(refusal(() => bucketRange('hour', NOW, undefined, NOW - 31 * DAY))).toEqual({
      field: 'to',
      message:
        'the range begins more than the 31 days ago that hour buckets are kept; move from (or to) later, or ask for a coarser granularity',
    });
    expect(refusal(() => bucketRange('minute', NOW, NOW - 1000 * MINUTE, NOW + 1)).field).toBe('to');
  });

  it('keeps a bucket for its retention after the bucket ends', () => {
    const start = Date.UTC(2026, 10, 25, 10, 30);
    expect(bucketExpiresAt(start, 'minute')).toBe(start + MINUTE + 48 * HOUR);
    expect(bucketExpiresAt(start, 'day')).toBe(start + DAY + 400 * DAY);
  });
});

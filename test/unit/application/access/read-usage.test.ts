/** Who still calls a deprecated operation, counted in whole hours over 7 and 30 days, without HTTP. */
import { describe, expect, it } from 'vitest';
import { ReadUsage } from '../../../../src/application/access/use-cases/read-usage.js';
import { ManageApiKeys } from '../../../../src/application/access/use-cases/manage-api-keys.js';
import { Auditor } from '../../../../src/application/shared/services/auditor.js';
import { MemoryApiKeyStore } from '../../../../src/adapters/access/memory/memory-api-key-store.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { MemoryUsageStore } from '../../../../src/adapters/access/memory/memory-usage-store.js';
import { emptyCounts } from '../../../../src/domain/access/usage.js';
import type { DeprecatedOperation } from '../../../../src/domain/shared/deprecation.js';
import type { UsageEntry } from '../../../../src/application/access/ports/usage-store.js';
import { FakeClock } from '../../../support/fake-clock.js';

const HOUR = 3_600_000;
const getPet: DeprecatedOperation = { operation: 'getPet', deprecatedAtMs: 0, sunsetAtMs: 1, brownouts: [], replacement: 'GET /v1/pets' };

/** Calls to getPet by a key in the hour bucket `hoursAgo` before the current one. */
function calls(keyId: string, nowHour: number, hoursAgo: number, count: number): UsageEntry {
  const minuteMs = nowHour - hoursAgo * HOUR;
  return {
    keyId,
    minuteMs,
    counts: { ...emptyCounts(), admitted: count, byOperation: { getPet: count } },
    seen: { getPet: { firstMs: minuteMs, lastMs: minuteMs + 1_000 } },
  };
}

describe('the deprecation report', () => {
  it('counts calls in the last 168 and 720 hour buckets, the current one included, and names each caller', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 25, 10, 30));
    const nowHour = Date.UTC(2026, 10, 25, 10);
    const usage = new MemoryUsageStore(clock);
    const keys = new MemoryApiKeyStore();
    const { record } = await new ManageApiKeys(keys, new Auditor(new MemoryAuditLog(), clock), clock, 'production').issue({
      name: 'Shelter',
      plan: 'pro',
      ownerId: 'org_7',
    });
    await usage.add([
      calls(record.id, nowHour, 720, 1000), // before the 30 days
      calls(record.id, nowHour, 719, 100), // the oldest hour of the 30 days
      calls(record.id, nowHour, 168, 10), // before the 7 days
      calls(record.id, nowHour, 167, 1), // the oldest hour of the 7 days
    ]);
    const [report] = await new ReadUsage(usage, keys, clock, [getPet]).deprecationReport();
    expect(report?.callers).toEqual([
      {
        keyId: record.id,
        name: 'Shelter',
        ownerId: 'org_7',
        calls7d: 1,
        calls30d: 111,
        firstSeenMs: nowHour - 720 * HOUR,
        lastSeenMs: nowHour - 167 * HOUR + 1_000,
      },
    ]);
  });

  it('lists the most recent caller first, and callers last seen together by key id; a key since deleted without a name', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 25, 10, 30));
    const nowHour = Date.UTC(2026, 10, 25, 10);
    const usage = new MemoryUsageStore(clock);
    await usage.add([calls('key_b', nowHour, 2, 1), calls('key_c', nowHour, 1, 1), calls('key_a', nowHour, 2, 1)]);
    const [report] = await new ReadUsage(usage, new MemoryApiKeyStore(), clock, [getPet]).deprecationReport();
    expect(report?.callers.map((c) => c.keyId)).toEqual(['key_c', 'key_a', 'key_b']);
    expect(report?.callers[0]).toMatchObject({ name: null, ownerId: null });
  });

  it('takes the latest sighting of a key when one batch holds several of its minutes', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 25, 10, 30));
    const nowHour = Date.UTC(2026, 10, 25, 10);
    const usage = new MemoryUsageStore(clock);
    await usage.add([calls('key_a', nowHour, 1, 1), calls('key_a', nowHour, 3, 1)]);
    expect(await usage.callers('getPet')).toEqual([
      { keyId: 'key_a', firstSeenMs: nowHour - 3 * HOUR, lastSeenMs: nowHour - HOUR + 1_000 },
    ]);
  });
});

/** What every UsageStore must do; run against each adapter. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { UsageEntry, UsageStore } from '../../../src/application/access/ports/usage-store.js';
import { emptyCounts, type UsageCounts } from '../../../src/domain/access/usage.js';

export interface UsageStoreHarness {
  fresh(): Promise<UsageStore>;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A day start, so that hour and day buckets are easy to reason about. */
const T0 = Date.UTC(2026, 10, 21);

function counts(partial: Partial<UsageCounts>): UsageCounts {
  return { ...emptyCounts(), ...partial };
}

function entry(keyId: string, minuteMs: number, partial: Partial<UsageCounts>, seen: UsageEntry['seen'] = {}): UsageEntry {
  return { keyId, minuteMs, counts: counts(partial), seen };
}

export function describeUsageStoreContract(adapter: string, harness: UsageStoreHarness): void {
  describe(`UsageStore contract: ${adapter}`, () => {
    let store: UsageStore;
    beforeEach(async () => {
      store = await harness.fresh();
    });

    it('adds every batch into the minute, hour and day buckets that hold it, per key', async () => {
      // Two instances flushing the same key and minute, in any order, add up.
      await store.add([entry('key_a', T0, { admitted: 3, clientErrors: 1, byOperation: { listPets: 2, createPet: 1 } })]);
      await store.add([
        entry('key_a', T0, { admitted: 1, limited: 2, byOperation: { listPets: 3 } }),
        entry('key_a', T0 + MINUTE, { admitted: 1, serverErrors: 1, banned: 1, byOperation: { getPet: 2 } }),
        entry('key_a', T0 + HOUR, { admitted: 5, byOperation: { listPets: 5 } }),
        entry('key_b', T0, { admitted: 7, byOperation: { listPets: 7 } }),
      ]);
      expect(await store.read('key_a', 'minute', T0, T0 + 2 * MINUTE)).toEqual(
        new Map([
          [T0, counts({ admitted: 4, limited: 2, clientErrors: 1, byOperation: { listPets: 5, createPet: 1 } })],
          [T0 + MINUTE, counts({ admitted: 1, banned: 1, serverErrors: 1, byOperation: { getPet: 2 } })],
        ]),
      );
      expect(await store.read('key_a', 'hour', T0, T0 + HOUR)).toEqual(
        new Map([
          [
            T0,
            counts({
              admitted: 5,
              limited: 2,
              banned: 1,
              clientErrors: 1,
              serverErrors: 1,
              byOperation: { listPets: 5, createPet: 1, getPet: 2 },
            }),
          ],
          [T0 + HOUR, counts({ admitted: 5, byOperation: { listPets: 5 } })],
        ]),
      );
      expect(await store.read('key_a', 'day', T0 - DAY, T0 + DAY)).toEqual(
        new Map([
          [
            T0,
            counts({
              admitted: 10,
              limited: 2,
              banned: 1,
              clientErrors: 1,
              serverErrors: 1,
              byOperation: { listPets: 10, createPet: 1, getPet: 2 },
            }),
          ],
        ]),
      );
      expect(await store.read('key_b', 'day', T0, T0)).toEqual(new Map([[T0, counts({ admitted: 7, byOperation: { listPets: 7 } })]]));
    });

    it('reads only the buckets inside the range, and nothing for a key never seen', async () => {
      await store.add([0, 1, 2, 3].map((i) => entry('key_a', T0 + i * MINUTE, { admitted: i + 1, byOperation: { listPets: i + 1 } })));
      expect([...(await store.read('key_a', 'minute', T0 + MINUTE, T0 + 2 * MINUTE)).keys()]).toEqual([T0 + MINUTE, T0 + 2 * MINUTE]);
      expect(await store.read('key_unknown', 'minute', T0, T0 + 3 * MINUTE)).toEqual(new Map());
      expect(await store.read('key_a', 'minute', T0 + 10 * MINUTE, T0 + 20 * MINUTE)).toEqual(new Map());
    });

    it('keeps the earliest first call and the latest last call of each key per operation, and the last use of each key', async () => {
      await store.add([
        entry('key_a', T0, { admitted: 1, byOperation: { getPet: 1 } }, { getPet: { firstMs: T0 + 5_000, lastMs: T0 + 5_000 } }),
      ]);
      // A later flush from another instance that saw an earlier call (it flushed late) and a later one.
      await store.add([
        entry('key_a', T0, { admitted: 2, byOperation: { getPet: 2 } }, { getPet: { firstMs: T0 + 1_000, lastMs: T0 + 9_000 } }),
        entry(
          'key_b',
          T0 + MINUTE,
          { admitted: 1, byOperation: { getPet: 1, listPets: 1 } },
          {
            getPet: { firstMs: T0 + MINUTE, lastMs: T0 + MINUTE },
            listPets: { firstMs: T0 + MINUTE + 10, lastMs: T0 + MINUTE + 20 },
          },
        ),
      ]);
      // An older sighting arriving last moves nothing back.
      await store.add([
        entry('key_a', T0, { admitted: 1, byOperation: { getPet: 1 } }, { getPet: { firstMs: T0 + 2_000, lastMs: T0 + 3_000 } }),
      ]);
      const callers = (await store.callers('getPet')).sort((x, y) => (x.keyId < y.keyId ? -1 : 1));
      expect(callers).toEqual([
        { keyId: 'key_a', firstSeenMs: T0 + 1_000, lastSeenMs: T0 + 9_000 },
        { keyId: 'key_b', firstSeenMs: T0 + MINUTE, lastSeenMs: T0 + MINUTE },
      ]);
      expect(await store.callers('createPet')).toEqual([]);
      expect(await store.lastSeen(['key_a', 'key_b', 'key_never'])).toEqual(
        new Map([
          ['key_a', T0 + 9_000],
          ['key_b', T0 + MINUTE + 20],
        ]),
      );
    });

    it('takes an empty batch', async () => {
      await store.add([]);
      expect(await store.read('key_a', 'day', T0, T0)).toEqual(new Map());
    });
  });
}

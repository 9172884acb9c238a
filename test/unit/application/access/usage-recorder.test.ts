import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageRecorder } from '../../../../src/application/access/services/usage-recorder.js';
import type { UsageEntry, UsageStore } from '../../../../src/application/access/ports/usage-store.js';
import { MemoryUsageStore } from '../../../../src/adapters/access/memory/memory-usage-store.js';
import { flushEvery } from '../../../../src/config/modules/access.js';
import { FakeClock } from '../../../support/fake-clock.js';

const MINUTE = 60_000;

/** A store that fails while `down`, and remembers what it was given. */
class FlakyStore extends MemoryUsageStore {
  down = false;
  batches: (readonly UsageEntry[])[] = [];

  override async add(entries: readonly UsageEntry[]): Promise<void> {
    if (this.down) throw new Error('store down');
    this.batches.push(entries);
    return super.add(entries);
  }
}

async function minuteOf(store: UsageStore, keyId: string, clock: FakeClock, at = clock.ms) {
  const start = Math.floor(at / MINUTE) * MINUTE;
  return (await store.read(keyId, 'minute', start, start)).get(start);
}

describe('UsageRecorder', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands every request to the store in one batch per flush, per key and minute, exactly', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    const recorder = new UsageRecorder(store, clock, { maxEntries: 100 });
    recorder.record('key_a', 'listPets', 'admitted', 200);
    recorder.record('key_a', 'listPets', 'limited', 429);
    recorder.record('key_b', 'createPet', 'admitted', 201);
    clock.advance(MINUTE);
    recorder.record('key_a', 'getPet', 'admitted', 404);
    expect(recorder.pending).toBe(3);
    expect(await store.read('key_a', 'hour', clock.ms - MINUTE, clock.ms)).toEqual(new Map());
    await recorder.flush();
    expect(store.batches).toHaveLength(1);
    expect(recorder.pending).toBe(0);
    expect(await minuteOf(store, 'key_a', clock, clock.ms - MINUTE)).toMatchObject({
      admitted: 1,
      limited: 1,
      byOperation: { listPets: 2 },
    });
    expect(await minuteOf(store, 'key_a', clock)).toMatchObject({ admitted: 1, clientErrors: 1, byOperation: { getPet: 1 } });
    expect(await minuteOf(store, 'key_b', clock, clock.ms - MINUTE)).toMatchObject({ admitted: 1, byOperation: { createPet: 1 } });
    await recorder.flush();
    expect(store.batches).toHaveLength(1);
  });

  it('loses to a crash only what came since the last flush', async () => {
    const clock = new FakeClock();
    const store = new MemoryUsageStore(clock);
    const crashed = new UsageRecorder(store, clock, { maxEntries: 100 });
    for (let i = 0; i < 5; i++) crashed.record('key_a', 'listPets', 'admitted', 200);
    await crashed.flush();
    for (let i = 0; i < 3; i++) crashed.record('key_a', 'listPets', 'admitted', 200);
    // The process dies here: the recorder is never flushed again. A new one takes over.
    const next = new UsageRecorder(store, clock, { maxEntries: 100 });
    next.record('key_a', 'listPets', 'admitted', 200);
    await next.flush();
    expect((await minuteOf(store, 'key_a', clock))?.admitted).toBe(6);
  });

  it('keeps a failed batch for the next flush, and reports the failure', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    const failures: number[] = [];
    const recorder = new UsageRecorder(store, clock, {
      maxEntries: 100,
      events: { flushFailed: (_e, n) => failures.push(n), dropped: () => undefined },
    });
    recorder.record('key_a', 'listPets', 'admitted', 200);
    store.down = true;
    await recorder.flush();
    expect(failures).toEqual([1]);
    recorder.record('key_a', 'listPets', 'admitted', 200);
    store.down = false;
    await recorder.flush();
    expect((await minuteOf(store, 'key_a', clock))?.admitted).toBe(2);
    expect(recorder.pending).toBe(0);
  });

  it('holds at most maxEntries key-minutes while the store is down, and counts the requests it drops', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    let dropped = 0;
    const recorder = new UsageRecorder(store, clock, {
      maxEntries: 3,
      events: { flushFailed: () => undefined, dropped: (n) => (dropped += n) },
    });
    store.down = true;
    for (const key of ['key_a', 'key_b', 'key_c', 'key_d']) recorder.record(key, 'listPets', 'admitted', 200);
    // A key already held in this minute is still counted.
    recorder.record('key_a', 'listPets', 'admitted', 200);
    expect(recorder.pending).toBe(3);
    expect(dropped).toBe(1);
    await recorder.flush();
    expect(recorder.pending).toBe(3);
    store.down = false;
    await recorder.flush();
    expect((await minuteOf(store, 'key_a', clock))?.admitted).toBe(2);
    expect(await minuteOf(store, 'key_d', clock)).toBeUndefined();
  });

  it('hands a large flush over in batches; when one fails, it and the batches not sent wait for the next flush', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    const failures: number[] = [];
    const recorder = new UsageRecorder(store, clock, {
      maxEntries: 100,
      batchSize: 2,
      events: { flushFailed: (_e, n) => failures.push(n), dropped: () => undefined },
    });
    for (const key of ['key_a', 'key_b', 'key_c', 'key_d', 'key_e']) recorder.record(key, 'listPets', 'admitted', 200);
    await recorder.flush();
    expect(store.batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    for (const key of ['key_a', 'key_b', 'key_c', 'key_d', 'key_e']) recorder.record(key, 'listPets', 'admitted', 200);
    const add = store.add.bind(store);
    let calls = 0;
    store.add = async (entries) => {
      calls += 1;
      if (calls === 2) throw new Error('timed out');
      return add(entries);
    };
    await recorder.flush();
    // The first batch landed; the failed one and the last wait: nothing is sent twice, nothing lost.
    expect(failures).toEqual([3]);
    expect(recorder.pending).toBe(3);
    await recorder.flush();
    expect(recorder.pending).toBe(0);
    for (const key of ['key_a', 'key_b', 'key_c', 'key_d', 'key_e']) expect((await minuteOf(store, key, clock))?.admitted).toBe(2);
  });

  it('runs one flush at a time; each takes what came before it', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    const recorder = new UsageRecorder(store, clock, { maxEntries: 100 });
    recorder.record('key_a', 'listPets', 'admitted', 200);
    const first = recorder.flush();
    recorder.record('key_a', 'listPets', 'admitted', 200);
    const second = recorder.flush();
    await Promise.all([first, second]);
    expect(store.batches.map((batch) => batch.map((e) => e.counts.admitted))).toEqual([[2]]);
  });

  it('counts key-minutes of past minutes towards maxEntries too', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    let dropped = 0;
    const recorder = new UsageRecorder(store, clock, {
      maxEntries: 2,
      events: { flushFailed: () => undefined, dropped: (n) => (dropped += n) },
    });
    recorder.record('key_a', 'listPets', 'admitted', 200);
    clock.advance(MINUTE);
    // key_a's first minute waits, sealed, beside its second: two key-minutes, the most allowed.
    recorder.record('key_a', 'listPets', 'admitted', 200);
    recorder.record('key_b', 'listPets', 'admitted', 200);
    expect(recorder.pending).toBe(2);
    expect(dropped).toBe(1);
  });

  it('keeps the latest time of each operation a key used in a minute, and sends no empty batch', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    const recorder = new UsageRecorder(store, clock, { maxEntries: 100, batchSize: 2 });
    const start = clock.ms;
    recorder.record('key_a', 'listPets', 'admitted', 200);
    clock.advance(5_000);
    recorder.record('key_a', 'listPets', 'admitted', 200);
    for (const key of ['key_b', 'key_c', 'key_d']) recorder.record(key, 'listPets', 'admitted', 200);
    await recorder.flush();
    expect(store.batches.map((batch) => batch.length)).toEqual([2, 2]);
    expect(store.batches[0]?.[0]?.seen).toEqual({ listPets: { firstMs: start, lastMs: start + 5_000 } });
  });

  it('keeps, of a failed flush, only what fits beside what came in meanwhile, oldest first, and reports every request it drops', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    const dropped: number[] = [];
    const recorder = new UsageRecorder(store, clock, {
      maxEntries: 3,
      events: { flushFailed: () => undefined, dropped: (n) => dropped.push(n) },
    });
    recorder.record('key_a', 'listPets', 'admitted', 200);
    recorder.record('key_b', 'listPets', 'admitted', 200);
    recorder.record('key_b', 'listPets', 'limited', 429);
    recorder.record('key_c', 'listPets', 'banned', 429);
    let fail: (error: Error) => void = () => undefined;
    const sent = new Promise<void>((sending) => {
      store.add = () => {
        sending();
        return new Promise<void>((_resolve, reject) => (fail = reject));
      };
    });
    const flushing = recorder.flush();
    await sent;
    // While the store hangs, two keys are counted: room is left for one of the three key-minutes sent.
    recorder.record('key_d', 'listPets', 'admitted', 200);
    recorder.record('key_e', 'listPets', 'admitted', 200);
    fail(new Error('timed out'));
    await flushing;
    expect(dropped).toEqual([3]);
    expect(recorder.pending).toBe(3);
    store.add = FlakyStore.prototype.add.bind(store);
    await recorder.flush();
    for (const key of ['key_a', 'key_d', 'key_e']) expect((await minuteOf(store, key, clock))?.admitted).toBe(1);
    for (const key of ['key_b', 'key_c']) expect(await minuteOf(store, key, clock)).toBeUndefined();
  });

  it('reports no drop when a failed flush keeps everything', async () => {
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    const dropped: number[] = [];
    const recorder = new UsageRecorder(store, clock, {
      maxEntries: 10,
      events: { flushFailed: () => undefined, dropped: (n) => dropped.push(n) },
    });
    recorder.record('key_a', 'listPets', 'admitted', 200);
    store.down = true;
    await recorder.flush();
    expect(recorder.pending).toBe(1);
    expect(dropped).toEqual([]);
  });

  it('is flushed every interval by the application, and once more when it closes', async () => {
    vi.useFakeTimers();
    const clock = new FakeClock();
    const store = new FlakyStore(clock);
    const recorder = new UsageRecorder(store, clock, { maxEntries: 100 });
    const stop = flushEvery(recorder, 10_000);
    recorder.record('key_a', 'listPets', 'admitted', 200);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(store.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.batches).toHaveLength(1);
    recorder.record('key_a', 'listPets', 'admitted', 200);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.batches).toHaveLength(2);
    recorder.record('key_a', 'listPets', 'admitted', 200);
    await stop();
    expect(store.batches).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.batches).toHaveLength(3);
  });
});

/**
 * keepTickShape keeps one of Node's own tick objects alive, so that V8 never collects the hidden
 * classes process.nextTick builds its ticks through (src/config/tick-shape.ts). What a tick costs
 * with and without it is measured by `npm run bench:tick-shape`, never here.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { keepTickShape, queuedTick } from '../../../src/config/tick-shape.js';

// A full collection on demand, and V8's own test for two objects sharing a hidden class.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
setFlagsFromString('--allow-natives-syntax');
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- V8's %-syntax parses only in code compiled after the flag.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** Ticks queued and run, then a full collection while none is queued: what strands nextTick unkept. */
async function ticksThenFullCollection(): Promise<void> {
  await new Promise<void>((resolve) => {
    let left = 300;
    for (let i = 0; i < 300; i++) process.nextTick(() => --left === 0 && resolve());
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  gc();
}

describe('keepTickShape', () => {
  it("keeps a tick object of Node's own, the same one for the life of the process, through full collections", async () => {
    // Only a weak reference is held here, so what keeps the object alive is keepTickShape.
    const held = ((kept: object) => {
      const symbols = Object.getOwnPropertySymbols(kept).map((symbol) => symbol.description);
      expect(symbols).toEqual(expect.arrayContaining(['async_id_symbol', 'trigger_async_id_symbol']));
      expect(haveSameMap(kept, queuedTick())).toBe(true);
      return new WeakRef(kept);
    })(keepTickShape());
    await ticksThenFullCollection();
    expect(held.deref()).toBeDefined();
    expect(keepTickShape()).toBe(held.deref());
  });

  it('the ticks queued after a full collection are built through the hidden classes of the one kept', async () => {
    const kept = keepTickShape();
    await ticksThenFullCollection();
    await ticksThenFullCollection();
    expect(haveSameMap(kept, queuedTick())).toBe(true);
  });
});

/**
 * Keeps Node's next-tick objects on V8's fast path for the life of the process: V8 holds the hidden
 * classes of a queued tick only weakly, and once a full collection takes them every later
 * `process.nextTick` defines its keys in V8's runtime, for good. One tick object kept alive keeps them
 * (docs/performance.md, "A next-tick cliff", gives the cost and `npm run bench:tick-shape`).
 */
import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/** Keeps one tick object alive (once per process; later calls do nothing) and returns it. */
export function keepTickShape(): object {
  kept ??= queuedTick();
  return kept;
}

/** The object process.nextTick queues for one callback, as an async hook enabled for that call is handed it. */
export function queuedTick(): object {
  let tick: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') tick ??= resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
  if (tick === undefined) throw new Error('process.nextTick queued no TickObject while an async hook was enabled');
  return tick;
}

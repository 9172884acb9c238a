/**
 * Keeps Node's next-tick objects on V8's fast path for the life of the process.
 *
 * `process.nextTick` makes each queued callback an object literal whose first three keys are
 * computed (async id, trigger id, context frame). V8 holds the hidden classes such a literal goes
 * through only weakly. A full garbage collection at a moment when no tick is queued collects them,
 * and when nextTick's feedback still names them, every later call defines those three keys in V8's
 * runtime (Runtime_DefineKeyedOwnPropertyInLiteral, a map migration each) instead of in its
 * compiled code: about 0.4 to 0.8 µs more a call, for good, on Node.js 22 and 24 alike. The HTTP
 * stack queues seven or eight ticks a request (stream resume, end, write, finish, destroy), so a
 * server that has once been idle through a full collection pays some 5 µs more a request.
 *
 * One tick object kept alive keeps its hidden classes alive, so no collection takes them. It is
 * taken from an async hook enabled for that one call and disabled at once; docs/performance.md
 * ("A next-tick cliff") gives the measurements (`npm run bench:tick-shape`).
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

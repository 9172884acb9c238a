/** Background work on a timer: one run at a time, stopped by waiting for the run under way. */

/**
 * Runs `work` every `intervalMs`, one run at a time: a slow run delays the next rather than stacking
 * them. `work` reports its own failures. The returned function stops the timer and waits for a run
 * under way.
 */
export function every(intervalMs: number, work: () => Promise<void>): () => Promise<void> {
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

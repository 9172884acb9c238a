/** True for a failure that reports a timeout: a budget from `within`, or a driver's own (by name or message). */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && /timed out|timeout/i.test(`${error.name} ${error.message}`);
}

/**
 * One budget around a unit of work: it settles as the work does, or fails with `timedOut()` once
 * `ms` have passed, whichever comes first. Work abandoned this way may still fail later; that
 * outcome has no one left to tell.
 *
 * The budget measures the work, not this process's own lateness. When the event loop was busy past
 * the budget (a burst of requests, a collection, a starved CPU), a reply that arrived meanwhile waits
 * in the socket, and timers run before I/O: a plain timer would declare a timeout that never happened.
 * So the verdict waits for the I/O phase that follows the timer (setImmediate runs after it), and a
 * reply already received wins.
 */
export async function within<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let verdict: NodeJS.Immediate | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      verdict = setImmediate(() => reject(timedOut()));
    }, ms);
  });
  // The race handles the work's rejection, so work abandoned here is no unhandled rejection.
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
    clearImmediate(verdict);
  }
}

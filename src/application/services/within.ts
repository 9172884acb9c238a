/** True for a failure that reports a timeout: a budget from `within`, or a driver's own (by name or message). */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && /timed out|timeout/i.test(`${error.name} ${error.message}`);
}

/**
 * One budget around a unit of work: it settles as the work does, or fails with `timedOut()` once
 * `ms` have passed, whichever comes first. Work abandoned this way may still fail later; that
 * outcome has no one left to tell.
 */
export async function within<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  // The race handles the work's rejection, so work abandoned here is no unhandled rejection.
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

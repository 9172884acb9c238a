/**
 * One budget around a unit of work: it settles as the work does, or fails with `timedOut()` once
 * `ms` have passed, whichever comes first. Work abandoned this way may still fail later; that
 * outcome has no one left to tell.
 */
/** True for a failure that reports a timeout: a budget from `within`, or a driver's own (by name or message). */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && /timed out|timeout/i.test(`${error.name} ${error.message}`);
}

export async function within<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

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
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

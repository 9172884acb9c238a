/**
 * A value now, or a promise of it. The port methods and use cases on every request's path (find a key,
 * decide a rate limit, list pets) return one, so that an adapter that answers from memory (the
 * in-memory adapters, a key cache hit) costs the request no promise and no trip through the microtask
 * queue; MongoDB and Redis adapters return their promises as before, and `await` takes either.
 *
 * The rule that keeps this one mechanism: a function returning an Awaitable never throws. Whatever
 * goes wrong comes back as a rejected promise, so a caller handles failure in one place.
 */
export type Awaitable<T> = T | Promise<T>;

export function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Runs fn; a throw becomes a rejected promise. */
export function attempt<T>(fn: () => Awaitable<T>): Awaitable<T> {
  try {
    return fn();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** onValue applied to the value, at once if it is there; Promise#then otherwise. */
export function andThen<T, U>(
  value: Awaitable<T>,
  onValue: (value: T) => Awaitable<U>,
  onError?: (error: unknown) => Awaitable<U>,
): Awaitable<U> {
  return isPromise(value) ? value.then(onValue, onError) : attempt(() => onValue(value));
}

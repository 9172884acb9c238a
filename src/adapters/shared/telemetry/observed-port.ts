/**
 * Watching the calls a port makes to MongoDB or Redis, without touching the adapters: the adapter is
 * wrapped, method by method, where the adapters are chosen (src/config/adapters.ts). Each observer
 * (the storage histogram; spans when tracing is on) sees every call of every method, with its time
 * and whether it failed. Wrapped only where a call leaves the process: the cache in front of the key
 * store and the in-memory fallback of the limiter are not storage calls.
 */
import type { Store } from '../metrics/metrics.js';

/** One method of one port, as an observer sees it. */
export interface PortCall {
  readonly store: Store;
  /** `port.method`, e.g. `rate_limiter.admit`: a label value from a fixed set. */
  readonly operation: string;
}

/** Turns a method into the same method, observed. */
export type PortObserver = (call: PortCall, method: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown;

/**
 * The adapter with each of its methods (its own and inherited, not the constructor) replaced by the
 * observers' wrappers, all bound to the adapter itself. Its type is the port's: only its methods are
 * read through it.
 */
export function observedPort<T extends object>(adapter: T, store: Store, port: string, observers: readonly PortObserver[]): T {
  if (observers.length === 0) return adapter;
  const observed: Record<string, unknown> = {};
  for (
    let proto: object | null = Object.getPrototypeOf(adapter) as object | null;
    proto !== null && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = (adapter as Record<string, unknown>)[name];
      if (name === 'constructor' || name in observed || typeof value !== 'function') continue;
      let method = (value as (...args: unknown[]) => unknown).bind(adapter);
      for (const observer of observers) method = observer({ store, operation: `${port}.${name}` }, method);
      observed[name] = method;
    }
  }
  return observed as T;
}

/** The storage histogram's observer: the time of each call, settled or failed, sync or not. */
export function timedCalls(timerOf: (store: Store, operation: string) => (seconds: number) => void): PortObserver {
  return (call, method) => {
    const record = timerOf(call.store, call.operation);
    return (...args) => {
      const started = performance.now();
      const done = (): void => record((performance.now() - started) / 1000);
      let result: unknown;
      try {
        result = method(...args);
      } catch (error) {
        done();
        throw error;
      }
      if (result instanceof Promise) return result.finally(done);
      done();
      return result;
    };
  };
}

import { expect } from 'vitest';
import type { Awaitable } from '../../src/application/awaitable.js';

/** Calls fn, asserting that it does not throw (an Awaitable fails by rejecting), and returns what it gave. */
export function settled<T>(fn: () => Awaitable<T>): Awaitable<T> {
  let result: Awaitable<T> | undefined;
  expect(() => (result = fn())).not.toThrow();
  return result as Awaitable<T>;
}

import type { Clock } from '../../src/application/shared/ports/clock.js';

/** A clock the test moves by hand. Starts on a whole minute so window edges are easy to reason about. */
export class FakeClock implements Clock {
  constructor(public ms: number = Date.UTC(2026, 10, 21, 12, 0, 0)) {}

  nowMs(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}

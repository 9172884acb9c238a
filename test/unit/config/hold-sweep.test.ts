/** The hold sweep each instance runs: on its interval, one at a time, logging what it finished, stopped on close. */
import { describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { HOLD_SWEEP_INTERVAL_MS, sweepEvery } from '../../../src/config/modules/adoption.js';
import type { SettleHolds } from '../../../src/application/adoption/use-cases/settle-holds.js';

describe('sweepEvery', () => {
  it('sweeps every interval, logs what it settled and a failure, and stops for good', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    let calls = 0;
    const results = [() => Promise.resolve(2), () => Promise.reject(new Error('store down')), () => Promise.resolve(0)];
    const holds = { sweep: () => (results[calls++ % results.length] as () => Promise<number>)() } as unknown as SettleHolds;
    const stop = sweepEvery(holds, 5, logger);
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3));
    await stop();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(after);
    expect(lines.some((l) => l.includes('"settled":2') && l.includes('interrupted'))).toBe(true);
    expect(lines.some((l) => l.includes('sweep failed') && l.includes('store down'))).toBe(true);
    expect(HOLD_SWEEP_INTERVAL_MS).toBe(60_000);
  });
});

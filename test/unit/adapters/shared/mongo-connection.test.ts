/**
 * The driver's monitor checks a server again after a failed connection no sooner than
 * minHeartbeatFrequencyMS: the connection's setting keeps that wait inside MONGODB_TIMEOUT_MS, so
 * the operations right after a dropped connection find the server within their timeout
 * (test/integration/adoption/event-durability.test.ts meets that case with a 300 ms timeout).
 */
import { describe, expect, it } from 'vitest';
import { minHeartbeatMs } from '../../../../src/adapters/shared/mongo/mongo-connection.js';

describe('the MongoDB connection', () => {
  it('checks a failed server again within a quarter of the timeout, at most the driver default 500 ms, at least 10 ms', () => {
    expect(minHeartbeatMs(300)).toBe(75);
    expect(minHeartbeatMs(1_000)).toBe(250);
    expect(minHeartbeatMs(2_000)).toBe(500);
    expect(minHeartbeatMs(30_000)).toBe(500);
    expect(minHeartbeatMs(20)).toBe(10);
    for (const timeoutMs of [40, 300, 500, 1_999]) expect(minHeartbeatMs(timeoutMs)).toBeLessThan(timeoutMs);
  });
});

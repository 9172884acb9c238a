/** How long a delivery's claim outlives its attempt: the lookup and five store calls, each at its timeout. */
import { describe, expect, it } from 'vitest';
import { DNS_TIMEOUT_MS } from '../../../src/adapters/shared/net/dns-resolver.js';
import { claimMarginMs } from '../../../src/config/modules/webhooks.js';

describe('claimMarginMs', () => {
  it('is the lookup bound and five store calls at their timeout: 15 s with MongoDB at its default, 5 s in memory', () => {
    expect(DNS_TIMEOUT_MS).toBe(5_000);
    expect(claimMarginMs(2_000)).toBe(15_000);
    expect(claimMarginMs(1_000)).toBe(10_000);
    expect(claimMarginMs(0)).toBe(5_000);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_LIMITS,
  isPlanId,
  isValidLimits,
  LIMITS_RULE_TEXT,
  limitsForPlan,
  PLAN_IDS,
  PLAN_LIMITS,
} from '../../../../src/domain/access/plans.js';

describe('plans', () => {
  it('grant the budgets the specification lists, and callers without a key get the Free plan', () => {
    expect(PLAN_IDS).toEqual(['free', 'pro', 'business', 'enterprise']);
    expect(PLAN_LIMITS).toEqual({
      free: { perMinute: 60, perDay: 1_000 },
      pro: { perMinute: 300, perDay: 10_000 },
      business: { perMinute: 1_000, perDay: 100_000 },
    });
    expect(ANONYMOUS_LIMITS).toEqual({ perMinute: 60, perDay: 1_000 });
  });

  it('know their own ids and nothing else', () => {
    for (const plan of PLAN_IDS) expect(isPlanId(plan)).toBe(true);
    for (const other of ['Free', 'PRO', 'gold', '', 'toString', 'constructor', 1, null, undefined, ['free'], { plan: 'free' }]) {
      expect(isPlanId(other), JSON.stringify(other)).toBe(false);
    }
  });

  it.each([
    [{ perMinute: 1, perDay: 1 }, true],
    [{ perMinute: 5, perDay: 5 }, true],
    [{ perMinute: 5, perDay: 6 }, true],
    [{ perMinute: 5, perDay: 4 }, false],
    [{ perMinute: 0, perDay: 10 }, false],
    [{ perMinute: -1, perDay: 10 }, false],
    [{ perMinute: 1.5, perDay: 10 }, false],
    [{ perMinute: 1, perDay: 10.5 }, false],
    [{ perMinute: 1, perDay: 2 ** 53 }, false],
    [{ perMinute: 2 ** 53, perDay: 2 ** 53 }, false],
    [{ perMinute: Number.MAX_SAFE_INTEGER, perDay: Number.MAX_SAFE_INTEGER }, true],
    [{ perMinute: Number.NaN, perDay: 10 }, false],
    [{ perMinute: 1, perDay: Number.POSITIVE_INFINITY }, false],
  ])('limits %o are valid: %s', (limits, valid) => {
    expect(isValidLimits(limits)).toBe(valid);
  });

  it("apply a key's own limits on any plan, else its plan's; enterprise must carry its own", () => {
    const own = { perMinute: 7, perDay: 70 };
    expect(limitsForPlan('free', own)).toBe(own);
    expect(limitsForPlan('enterprise', own)).toBe(own);
    expect(limitsForPlan('pro')).toEqual({ perMinute: 300, perDay: 10_000 });
    expect(limitsForPlan('business')).toEqual({ perMinute: 1_000, perDay: 100_000 });
    expect(() => limitsForPlan('enterprise')).toThrow(`An enterprise key needs its own limits: ${LIMITS_RULE_TEXT}`);
    expect(() => limitsForPlan('pro', { perMinute: 10, perDay: 9 })).toThrow(`limits must be ${LIMITS_RULE_TEXT}`);
    expect(LIMITS_RULE_TEXT).toBe('perMinute and perDay whole numbers with 1 <= perMinute <= perDay');
  });
});

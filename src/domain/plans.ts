/** Subscription plans and the request budgets they grant, kept as data. */
export const PLAN_IDS = ['free', 'pro', 'business', 'enterprise'] as const;

export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  readonly perMinute: number;
  readonly perDay: number;
}

/** Enterprise has no fixed numbers: its limits are carried by each key record. */
export const PLAN_LIMITS: Readonly<Record<Exclude<PlanId, 'enterprise'>, PlanLimits>> = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1_000, perDay: 100_000 },
};

/** Callers without a valid key are limited per client address at the Free plan's numbers. */
export const ANONYMOUS_LIMITS: PlanLimits = PLAN_LIMITS.free;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function isValidLimits(limits: PlanLimits): boolean {
  return (
    Number.isSafeInteger(limits.perMinute) &&
    Number.isSafeInteger(limits.perDay) &&
    limits.perMinute >= 1 &&
    limits.perDay >= limits.perMinute
  );
}

export function limitsForPlan(plan: PlanId, custom?: PlanLimits): PlanLimits {
  if (plan === 'enterprise') {
    if (!custom || !isValidLimits(custom)) {
      throw new Error('An enterprise key needs its own limits: perMinute >= 1 and perDay >= perMinute');
    }
    return custom;
  }
  return PLAN_LIMITS[plan];
}

/** Subscription plans and the request budgets they grant, kept as data. */
import { ValidationError } from '../shared/errors.js';

export const PLAN_IDS = ['free', 'pro', 'business', 'enterprise'] as const;

export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  readonly perMinute: number;
  readonly perDay: number;
}

/** Enterprise has no fixed numbers: its limits are carried by each key record (any plan's may be overridden). */
export const PLAN_LIMITS: Readonly<Record<Exclude<PlanId, 'enterprise'>, PlanLimits>> = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1_000, perDay: 100_000 },
};

/**
 * Callers without a valid key (and failed admin logins) are limited per client address at these
 * numbers: today the Free plan's, but a setting of their own, so a change to Free's limits does not
 * change how many unauthenticated requests an address may send.
 */
export const ANONYMOUS_LIMITS: PlanLimits = { perMinute: 60, perDay: 1_000 };

/**
 * Limits for callers known by their client address, counted apart under a name: a route may give
 * them a quota of their own (photos, which a page loads many of at once) instead of the anonymous one.
 */
export interface AddressQuota {
  /** Names the count: the same address is counted once per quota. */
  readonly name: string;
  readonly limits: PlanLimits;
}

export const ANONYMOUS_QUOTA: AddressQuota = { name: 'ip', limits: ANONYMOUS_LIMITS };

/**
 * The quotas a route may name instead. `photos`: photo reads, which need no key (an `<img>` sends
 * none) and come many at once (a page of 100 search results, an animal's 12 photos): ten times the
 * anonymous numbers, counted apart, so a visitor's browsing neither spends nor is stopped by the
 * address's other calls.
 */
export const ADDRESS_QUOTAS = {
  photos: { name: 'photo-ip', limits: { perMinute: 600, perDay: 20_000 } },
} as const satisfies Record<string, AddressQuota>;

export type AddressQuotaName = keyof typeof ADDRESS_QUOTAS;

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

/** What limits validation says, in the words every message uses. */
export const LIMITS_RULE_TEXT = 'perMinute and perDay whole numbers with 1 <= perMinute <= perDay';

/** Whether keys on this plan must carry limits of their own: enterprise has no numbers of its own. */
export function needsOwnLimits(plan: PlanId): boolean {
  return plan === 'enterprise';
}

/** A plan with the limits a key would carry (null: the plan's); the one statement of both rules. */
export function checkPlanLimits(plan: PlanId, customLimits: PlanLimits | null): void {
  if (customLimits) {
    if (!isValidLimits(customLimits)) throw new ValidationError('limits', `limits must be ${LIMITS_RULE_TEXT}`);
  } else if (needsOwnLimits(plan)) {
    throw new ValidationError('limits', `An enterprise key needs its own limits: ${LIMITS_RULE_TEXT}`);
  }
}

/** The limits in force: a key's own (negotiated, on any plan) when it has them, else its plan's. */
export function limitsForPlan(plan: PlanId, custom?: PlanLimits): PlanLimits {
  checkPlanLimits(plan, custom ?? null);
  return custom ?? PLAN_LIMITS[plan as Exclude<PlanId, 'enterprise'>];
}

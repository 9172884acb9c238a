/** The body of GET /v1/rate_limit. */
import { Type } from 'typebox';
import { PLAN_IDS, type PlanId } from '../../../domain/access/plans.js';

export const WindowStatusSchema = Type.Object(
  {
    limit: Type.Integer({ description: 'Requests allowed in the window' }),
    used: Type.Integer({ description: 'Requests counted in the window now' }),
    remaining: Type.Integer({ description: 'Requests left in the window' }),
    reset: Type.Integer({ description: 'Unix time in seconds at which every request counted in the window has left it' }),
  },
  { title: 'RateLimitWindow', additionalProperties: false, description: 'Where the key stands in one window of its plan' },
);

export const RateLimitStatusSchema = Type.Object(
  {
    plan: Type.Unsafe<PlanId>({ type: 'string', enum: [...PLAN_IDS], description: "The API key's plan" }),
    rate: { ...WindowStatusSchema, description: 'The window closest to exhaustion: what the X-RateLimit-* headers report' },
    windows: Type.Object(
      { minute: WindowStatusSchema, day: WindowStatusSchema },
      { additionalProperties: false, description: 'Each window of the plan' },
    ),
    retryAfter: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'Seconds until a request would be admitted, when one would be refused now; else null',
    }),
    blockedUntil: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Unix time in seconds until which the key is blocked for sending while limited; else null',
    }),
  },
  {
    title: 'RateLimitStatus',
    additionalProperties: false,
    description: "The caller's plan and its windows, computed without spending quota",
  },
);

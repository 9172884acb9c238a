/**
 * Which web origins some active browser key allows, for CORS preflights (which carry no key). Each
 * answer is remembered for the key cache's time (KEY_CACHE_TTL_SECONDS), at most MAX_REMEMBERED
 * origins, so a flood of preflights costs one store read per origin and period, not one per request.
 */
import type { ApiKeyStore } from '../ports/api-key-store.js';
import type { Clock } from '../../shared/ports/clock.js';

const MAX_REMEMBERED = 10_000;

export class BrowserOrigins {
  private readonly remembered = new Map<string, { readonly allowed: boolean; readonly untilMs: number }>();

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async allows(origin: string): Promise<boolean> {
    const nowMs = this.clock.nowMs();
    const known = this.remembered.get(origin);
    if (known && known.untilMs > nowMs) return known.allowed;
    const allowed = (await this.keys.list({ origin, status: 'active', limit: 1, nowMs })).length > 0;
    if (this.remembered.size >= MAX_REMEMBERED) {
      // Maps iterate in insertion order: forget the oldest.
      const oldest = this.remembered.keys().next();
      if (!oldest.done) this.remembered.delete(oldest.value);
    }
    this.remembered.delete(origin);
    this.remembered.set(origin, { allowed, untilMs: nowMs + this.ttlMs });
    return allowed;
  }
}

/**
 * An operator lifts a key's ban: its quota's strikes are forgotten and it may send again at once, as
 * far as its windows allow (what they counted stays). The key's record, and those of its rotation
 * chain that share the quota, are stamped with the time, so that every instance drops the refusals it
 * remembers for the quota once it reads the record again (at once here, within KEY_CACHE_TTL_SECONDS
 * elsewhere). Audited, with the ban's end as it was.
 */
import { recordLimits, type ApiKeyRecord } from '../../../domain/access/api-key.js';
import type { Actor } from '../../../domain/shared/audit-event.js';
import { KeyNotFoundError } from '../../../domain/access/errors.js';
import { windowsFor, type BanPolicy, type RateDecision } from '../../../domain/access/rate-limit.js';
import type { ApiKeyStore } from '../ports/api-key-store.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { Auditor } from '../../shared/services/auditor.js';
import { keySubject } from './admit-request.js';

/** The longest rotation chain walked (a chain grows by one key per rotation; older keys have expired). */
const MAX_CHAIN = 20;

export interface LiftedBan {
  readonly record: ApiKeyRecord;
  /** Where the key stands now: what its next request would get. */
  readonly decision: RateDecision;
}

export class LiftKeyBan {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly limiter: RateLimiter,
    private readonly auditor: Auditor,
    private readonly clock: Clock,
    private readonly ban: BanPolicy,
  ) {}

  async execute(id: string, actor: Actor): Promise<LiftedBan> {
    const record = await this.keys.findById(id);
    if (!record) throw new KeyNotFoundError(id);
    const policy = { windows: windowsFor(recordLimits(record)), ban: this.ban };
    const subject = keySubject(record);
    const before = await this.limiter.peek(subject, policy);
    const bannedUntil = before.bannedUntilMs === null ? null : new Date(before.bannedUntilMs).toISOString();
    await this.auditor.record(
      actor,
      'key.unban',
      id,
      bannedUntil === null ? {} : { changes: { bannedUntil: { from: bannedUntil, to: null } } },
    );
    const decision = await this.limiter.unban(subject, policy);
    const banLiftedAt = new Date(this.clock.nowMs());
    let updated = record;
    for (const member of await this.chainOf(record)) {
      const changed = await this.keys.update(member.id, { banLiftedAt });
      if (changed && changed.id === id) updated = changed;
    }
    return { record: updated, decision };
  }

  /** The keys that share the record's quota: the record, and the keys it replaced and that replaced it. */
  private async chainOf(record: ApiKeyRecord): Promise<ApiKeyRecord[]> {
    const chain = [record];
    for (const direction of ['rotatedFrom', 'rotatedTo'] as const) {
      let next = record[direction] ?? null;
      while (next !== null && chain.length < MAX_CHAIN) {
        const member = await this.keys.findById(next);
        if (!member || member.quotaId !== record.quotaId) break;
        chain.push(member);
        next = member[direction] ?? null;
      }
    }
    return chain;
  }
}

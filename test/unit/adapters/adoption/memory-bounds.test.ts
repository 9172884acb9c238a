/**
 * The in-memory stores that grow with traffic keep what their bound allows: the event feed (by count
 * as well as age), the audit log and the idempotency records drop their oldest tenth on reaching it, and the feed's positions
 * stay consecutive, so reading on from any event kept still works.
 */
import { describe, expect, it } from 'vitest';
import { MemoryEventFeed } from '../../../../src/adapters/adoption/memory/memory-event-feed.js';
import { MemoryPetCreateClaims } from '../../../../src/adapters/adoption/memory/memory-pet-create-claims.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { EventIds } from '../../../../src/application/shared/ids.js';
import { petCreated, type FeedEvent } from '../../../../src/domain/adoption/feed-event.js';
import type { AuditEvent } from '../../../../src/domain/shared/audit-event.js';
import { aPetDraft } from '../../../support/builders.js';

const T0 = Date.UTC(2026, 10, 28);
const ids = new EventIds();
const eventAt = (i: number): FeedEvent =>
  petCreated({ id: ids.next(T0 + i), createdAt: new Date(T0 + i).toISOString() }, { id: i + 1, ...aPetDraft() });

describe('MemoryEventFeed bounded by count', () => {
  it('keeps at most its bound: on reaching it the oldest tenth goes, and pages read on from what is kept', async () => {
    const feed = new MemoryEventFeed(100);
    const made = Array.from({ length: 250 }, (_, i) => eventAt(i));
    for (const event of made) feed.publish([event]);
    const kept = await feed.find({ visibleTo: null, limit: 1_000 });
    // 100 reached at the 100th (90 left), then again every tenth: the newest 90 are kept.
    expect(kept.map(({ event }) => event.id)).toEqual(made.slice(160).map((event) => event.id));
    expect(kept.map(({ position }) => position)).toEqual(Array.from({ length: 90 }, (_, i) => i + 161));
    expect(await feed.findById(made[159]?.id as string)).toBeNull();
    expect((await feed.findById(made[160]?.id as string))?.position).toBe(161);
    const after = await feed.find({ visibleTo: null, afterPosition: 200, limit: 3 });
    expect(after.map(({ event }) => event.id)).toEqual(made.slice(200, 203).map((event) => event.id));
    // Appends under the relay's lease count towards the same bound.
    const lease = await feed.claimWriter('relay', T0, 10_000);
    if (lease === null) throw new Error('no lease');
    await feed.append(
      lease,
      Array.from({ length: 60 }, (_, i) => eventAt(250 + i)),
    );
    const appended = await feed.find({ visibleTo: null, limit: 1_000 });
    expect(appended.map(({ position }) => position)).toEqual(Array.from({ length: 90 }, (_, i) => i + 221));
  });

  it('is unbounded by count when given no bound, and still drops what is past retention', async () => {
    const feed = new MemoryEventFeed();
    for (let i = 0; i < 1_000; i++) feed.publish([eventAt(i)]);
    expect(await feed.find({ visibleTo: null, limit: 2_000 })).toHaveLength(1_000);
    expect(await feed.prune(T0 + 500)).toBe(500);
    expect((await feed.find({ visibleTo: null, limit: 1 }))[0]?.position).toBe(501);
  });
});

describe('MemoryAuditLog bounded by count', () => {
  it('keeps at most its bound, newest first, dropping the oldest tenth on reaching it', async () => {
    const log = new MemoryAuditLog(20);
    const event = (i: number): AuditEvent => ({
      id: `aud_${String(i).padStart(6, '0')}`,
      at: new Date(T0 + i),
      actor: 'a',
      action: 'key.create',
      target: `k${i}`,
      requestId: null,
      ip: null,
    });
    for (let i = 0; i < 45; i++) await log.append(event(i));
    const kept = await log.list({ limit: 100 });
    // 20 reached at the 20th (18 left), then at every second append: 18 after the 44th, 19 after the 45th.
    expect(kept.map((e) => e.target)).toEqual(Array.from({ length: 19 }, (_, i) => `k${44 - i}`));
  });
});

describe('MemoryPetCreateClaims bounded by count', () => {
  const scope = (i: number) => ({ apiKeyId: 'key_a', key: `k-${i}` });
  const claim = (i: number, nowMs = T0) => ({
    token: `t-${i}-${nowMs}`,
    fingerprint: `f-${i}`,
    petId: 1_000 + i,
    nowMs,
    leaseMs: 10_000,
    ttlMs: 86_400_000,
  });

  it('keeps at most its bound: on reaching it the oldest tenth goes, and a retry with one of their keys is a new create', async () => {
    const claims = new MemoryPetCreateClaims(20);
    for (let i = 0; i < 20; i++) {
      await claims.claim(scope(i), claim(i));
      await claims.complete(scope(i), `t-${i}-${T0}`, { id: 1_000 + i, ...aPetDraft() }, T0, 86_400_000);
    }
    expect(claims.size).toBe(20);
    // A retry of a kept key finds its record, and adds nothing.
    expect(await claims.claim(scope(5), claim(5, T0 + 1))).toMatchObject({ claimed: false, existing: { state: 'completed' } });
    expect(claims.size).toBe(20);
    // The 21st key: the oldest two (20 - 18) go first.
    expect(await claims.claim(scope(20), claim(20))).toEqual({ claimed: true, petId: 1_020 });
    expect(claims.size).toBe(19);
    expect(await claims.claim(scope(0), claim(0, T0 + 2))).toEqual({ claimed: true, petId: 1_000 });
    expect(await claims.claim(scope(2), claim(2, T0 + 2))).toMatchObject({ claimed: false });
  });

  it('is unbounded when given no bound', async () => {
    const claims = new MemoryPetCreateClaims();
    for (let i = 0; i < 1_000; i++) await claims.claim(scope(i), claim(i));
    expect(claims.size).toBe(1_000);
  });
});

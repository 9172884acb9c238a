/** What every AuditLog must do; run against each adapter. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../src/application/shared/ports/audit-log.js';
import { EventIds } from '../../../src/application/shared/ids.js';
import type { AuditEvent } from '../../../src/domain/shared/audit-event.js';

export interface AuditLogHarness {
  fresh(): Promise<AuditLog>;
}

const ids = new EventIds();
function anEvent(atMs: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: ids.next(atMs),
    at: new Date(atMs),
    actor: 'adm_x',
    action: 'key.update',
    target: 'key_y',
    requestId: 'r',
    ip: '10.0.0.1',
    ...overrides,
  };
}

export function describeAuditLogContract(adapter: string, harness: AuditLogHarness): void {
  describe(`AuditLog contract: ${adapter}`, () => {
    let log: AuditLog;
    beforeEach(async () => {
      log = await harness.fresh();
    });

    it('returns events newest first, as appended, a page at a time', async () => {
      const t0 = Date.UTC(2026, 10, 1);
      const events = [
        anEvent(t0),
        anEvent(t0),
        anEvent(t0 + 1, { actor: null, action: 'admin.auth_failed', target: null, requestId: null, ip: null }),
        anEvent(t0 + 2),
      ];
      // Appended out of order (two instances writing): read back in time order all the same.
      for (const event of [events[1], events[0], events[3], events[2]]) await log.append(event as AuditEvent);
      const newestFirst = [...events].reverse();
      expect(await log.list({ limit: 10 })).toEqual(newestFirst);
      const firstPage = await log.list({ limit: 2 });
      expect(firstPage).toEqual(newestFirst.slice(0, 2));
      expect(await log.list({ limit: 2, beforeId: firstPage[1]?.id as string })).toEqual(newestFirst.slice(2));
    });

    it('keeps what a change set, and filters by target, actor, action and a time range, newest first, a page at a time', async () => {
      const t0 = Date.UTC(2026, 10, 3);
      const update = anEvent(t0, {
        target: 'key_a',
        changes: {
          plan: { from: 'free', to: 'pro' },
          limits: { from: null, to: { perMinute: 500, perDay: 20000 } },
          scopes: { from: ['pets:read'], to: ['pets:read', 'pets:write'] },
        },
      });
      const events = [
        anEvent(t0 - 1, { target: 'key_a', action: 'key.create', actor: 'key-tool' }),
        update,
        anEvent(t0 + 1, { target: 'key_b', action: 'key.create' }),
        anEvent(t0 + 2, {
          target: 'key_a',
          action: 'key.revoke',
          actor: 'adm_z',
          reason: 'leaked',
          changes: { revokedAt: { from: null, to: new Date(t0 + 2).toISOString() } },
        }),
        anEvent(t0 + 3, { target: 'key_a', action: 'key.update' }),
      ];
      for (const event of events) await log.append(event);
      const ids = (found: AuditEvent[]) => found.map((e) => e.id);
      expect(await log.list({ limit: 10, target: 'key_a', action: 'key.update', to: new Date(t0 + 1) })).toEqual([update]);
      expect(ids(await log.list({ limit: 10, target: 'key_a' }))).toEqual(
        ids([events[4], events[3], events[1], events[0]] as AuditEvent[]),
      );
      expect(ids(await log.list({ limit: 10, actor: 'adm_x' }))).toEqual(ids([events[4], events[2], events[1]] as AuditEvent[]));
      expect(ids(await log.list({ limit: 10, action: 'key.create' }))).toEqual(ids([events[2], events[0]] as AuditEvent[]));
      // from included, to excluded.
      expect(ids(await log.list({ limit: 10, from: new Date(t0), to: new Date(t0 + 2) }))).toEqual(
        ids([events[2], events[1]] as AuditEvent[]),
      );
      const firstPage = await log.list({ limit: 2, target: 'key_a' });
      expect(ids(await log.list({ limit: 2, target: 'key_a', beforeId: firstPage[1]?.id as string }))).toEqual(
        ids([events[1], events[0]] as AuditEvent[]),
      );
      expect(await log.list({ limit: 10, target: 'key_a', action: 'key.revoke' })).toEqual([events[3]]);
      expect(await log.list({ limit: 10, target: 'key_none' })).toEqual([]);
    });

    it('orders events written in one millisecond as they were written', async () => {
      const t0 = Date.UTC(2026, 10, 2);
      const events = Array.from({ length: 20 }, () => anEvent(t0));
      for (const event of events) await log.append(event);
      expect((await log.list({ limit: 20 })).map((e) => e.id)).toEqual(events.map((e) => e.id).reverse());
    });
  });
}

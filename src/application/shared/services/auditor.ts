/**
 * Writing audit events. An event is appended before the change it records, so that no change is ever
 * made without its event: when the log cannot be written, the change is not made (the caller gets the
 * failure). A change that fails after its event was written leaves an event for an attempt.
 */
import type { Actor, AuditAction, AuditChanges, AuditQuery } from '../../../domain/shared/audit-event.js';
import type { AuditLog } from '../ports/audit-log.js';
import type { Clock } from '../ports/clock.js';
import { EventIds } from '../ids.js';

/** The key tool and the configuration act without a credential: they name themselves. */
export const KEY_TOOL_ACTOR: Actor = { id: 'key-tool', requestId: null, ip: null };
export const CONFIG_ACTOR: Actor = { id: 'config', requestId: null, ip: null };

export class Auditor {
  private readonly ids = new EventIds();

  constructor(
    private readonly log: AuditLog,
    private readonly clock: Clock,
  ) {}

  record(
    actor: Actor,
    action: AuditAction,
    target: string | null,
    details: { readonly reason?: string | undefined; readonly changes?: AuditChanges } = {},
  ): Promise<void> {
    const { reason, changes } = details;
    const atMs = this.clock.nowMs();
    return this.log.append({
      id: this.ids.next(atMs),
      at: new Date(atMs),
      actor: actor.id,
      ...(actor.name !== undefined && { actorName: actor.name }),
      action,
      target,
      requestId: actor.requestId,
      ip: actor.ip,
      ...(reason !== undefined && { reason }),
      ...(changes !== undefined && Object.keys(changes).length > 0 && { changes }),
    });
  }

  list(query: AuditQuery) {
    return this.log.list(query);
  }
}

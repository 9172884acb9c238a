/**
 * Audit events: who changed which key, credential, webhook endpoint, organization or publishing
 * destination, and every failed admin authentication. Never a secret.
 */
export const AUDIT_ACTIONS = [
  'key.create',
  'key.update',
  'key.rotate',
  'key.revoke',
  'key.unban',
  'key.lookup',
  'admin.create',
  'admin.update',
  'admin.revoke',
  'admin.auth_failed',
  'webhook.create',
  'webhook.update',
  'webhook.rotate',
  'webhook.delete',
  'webhook.disable',
  'organization.create',
  'organization.update',
  'destination.create',
  'destination.update',
  'destination.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted, and through which request: an admin credential, the key tool, or the configuration. */
export interface Actor {
  /**
   * An admin credential id (`adm_...`), an API key id (`key_...`, for an owner's webhook endpoints),
   * `key-tool`, `config` or `webhook-delivery`; null when authentication failed.
   */
  readonly id: string | null;
  readonly requestId: string | null;
  readonly ip: string | null;
  /** The admin credential's name, when an admin credential acts. */
  readonly name?: string;
}

/** A field's value as the audit log keeps it: dates as RFC 3339 text, limits as their pair. */
export type AuditValue = string | number | null | readonly string[] | { readonly perMinute: number; readonly perDay: number };
export interface FieldChange {
  readonly from: AuditValue;
  readonly to: AuditValue;
}
export type AuditChanges = Readonly<Record<string, FieldChange>>;

/** What an operator may ask of the log: newest first, before a position, narrowed by any of the rest. */
export interface AuditQuery {
  readonly limit: number;
  /** Events whose id sorts before this one (the next page). */
  readonly beforeId?: string;
  readonly target?: string;
  readonly actor?: string;
  readonly action?: AuditAction;
  /** From this instant, included. */
  readonly from?: Date;
  /** Up to this instant, excluded. */
  readonly to?: Date;
}

/** Whether an event answers a query's filters (the position and the page size aside). */
export function matchesAuditQuery(event: AuditEvent, query: AuditQuery): boolean {
  return (
    (query.beforeId === undefined || event.id < query.beforeId) &&
    (query.target === undefined || event.target === query.target) &&
    (query.actor === undefined || event.actor === query.actor) &&
    (query.action === undefined || event.action === query.action) &&
    (query.from === undefined || event.at.getTime() >= query.from.getTime()) &&
    (query.to === undefined || event.at.getTime() < query.to.getTime())
  );
}

/**
 * The fields whose values differ between two views of one record, each with its old and new value
 * (a field absent from a view reads as null). Both views are built by the record's owner, who leaves
 * secrets and their hashes out.
 */
export function changesBetween(before: Readonly<Record<string, AuditValue>>, after: Readonly<Record<string, AuditValue>>): AuditChanges {
  const changes: Record<string, FieldChange> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

export interface AuditEvent {
  /** Sorts in the order events were appended (time first). */
  readonly id: string;
  readonly at: Date;
  readonly actor: string | null;
  readonly action: AuditAction;
  /** The key or credential id acted on; null when there is none (a failed authentication). */
  readonly target: string | null;
  readonly requestId: string | null;
  readonly ip: string | null;
  /** The acting admin credential's name when it acted, to trace an `adm_` id to a named credential. */
  readonly actorName?: string;
  /** Why, when the operator said (a revocation's reason). */
  readonly reason?: string;
  /**
   * Each field the change set, with its value before and after; never a secret. Absent on events that
   * change no field (a lookup, a failed authentication, a creation).
   */
  readonly changes?: AuditChanges;
}

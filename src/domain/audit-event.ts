/** Audit events: who changed which key or credential, and every failed admin authentication. Never a secret. */
export const AUDIT_ACTIONS = [
  'key.create',
  'key.update',
  'key.rotate',
  'key.revoke',
  'key.lookup',
  'admin.create',
  'admin.update',
  'admin.revoke',
  'admin.auth_failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted, and through which request: an admin credential, the key tool, or the configuration. */
export interface Actor {
  /** An admin credential id (`adm_...`), `key-tool` or `config`; null when authentication failed. */
  readonly id: string | null;
  readonly requestId: string | null;
  readonly ip: string | null;
  /** Why, when the operator said (a revocation's reason). */
  readonly reason?: string;
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
  /** Why, when the operator said (a revocation's reason). */
  readonly reason?: string;
}

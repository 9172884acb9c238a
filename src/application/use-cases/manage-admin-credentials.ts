/**
 * Operator tasks on admin credentials (the key tool's, and ADMIN_TOKENS at start-up): issue, list,
 * revoke. Every change is audited; the credential itself is returned once and never stored.
 */
import { ADMIN_TOKEN_PREFIX, checkAdminTokenFormat, type AdminCredential, type AdminScope } from '../../domain/admin-credential.js';
import { composeSecret, KEY_FORMAT_TEXT } from '../../domain/api-key.js';
import type { Actor } from '../../domain/audit-event.js';
import { ValidationError } from '../../domain/errors.js';
import type { AdminCredentialStore } from '../ports/admin-credential-store.js';
import { DuplicateKeyError } from '../ports/api-key-store.js';
import type { Clock } from '../ports/clock.js';
import { CONFIG_ACTOR, type Auditor } from '../audit.js';
import { derivedId, hashKey, randomBase62 } from '../key-secrets.js';

export class AdminCredentialNotFoundError extends Error {
  constructor(id: string) {
    super(`No admin credential with id ${id}`);
  }
}

export interface IssuedAdminCredential {
  readonly credential: AdminCredential;
  /** The secret: shown once. */
  readonly token: string;
}

export class ManageAdminCredentials {
  constructor(
    private readonly credentials: AdminCredentialStore,
    private readonly auditor: Auditor,
    private readonly clock: Clock,
  ) {}

  async issue(name: string, scopes: readonly AdminScope[], actor: Actor): Promise<IssuedAdminCredential> {
    checkScopes(scopes);
    const token = composeSecret(ADMIN_TOKEN_PREFIX, randomBase62());
    const credential = this.credentialOf(token, `adm_${randomBase62(16)}`, name, scopes);
    await this.auditor.record(actor, 'admin.create', credential.id);
    await this.credentials.add(credential);
    return { credential, token };
  }

  /**
   * Makes a configured credential (ADMIN_TOKENS) exist with exactly these scopes, under an id derived
   * from its hash (the same on every instance). Returns it as stored.
   */
  async ensure(token: string, scopes: readonly AdminScope[], name: string): Promise<AdminCredential> {
    if (checkAdminTokenFormat(token) === 'refused') {
      throw new ValidationError('token', `An admin credential must be ${KEY_FORMAT_TEXT}, not an API key, with a valid checksum when it starts with ${ADMIN_TOKEN_PREFIX}`);
    }
    checkScopes(scopes);
    const hash = hashKey(token);
    const stored = await this.credentials.findByHash(hash);
    if (!stored) {
      const credential = this.credentialOf(token, derivedId('adm_', 'configured-admin', hash), name, scopes);
      await this.auditor.record(CONFIG_ACTOR, 'admin.create', credential.id);
      try {
        await this.credentials.add(credential);
        return credential;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        return (await this.credentials.findByHash(hash)) ?? credential;
      }
    }
    if (sameScopes(stored.scopes, scopes)) return stored;
    await this.auditor.record(CONFIG_ACTOR, 'admin.update', stored.id, { changes: { scopes: { from: [...stored.scopes], to: [...scopes] } } });
    return (await this.credentials.update(stored.id, { scopes: [...scopes] })) ?? stored;
  }

  list(): Promise<AdminCredential[]> {
    return this.credentials.list();
  }

  async revoke(id: string, actor: Actor): Promise<AdminCredential> {
    const current = await this.credentials.findById(id);
    if (!current) throw new AdminCredentialNotFoundError(id);
    if (current.revokedAt !== null) return current;
    const revokedAt = new Date(this.clock.nowMs());
    await this.auditor.record(actor, 'admin.revoke', id, { changes: { revokedAt: { from: null, to: revokedAt.toISOString() } } });
    return (await this.credentials.update(id, { revokedAt })) ?? current;
  }

  private credentialOf(token: string, id: string, name: string, scopes: readonly AdminScope[]): AdminCredential {
    return { id, name, hash: hashKey(token), scopes: [...scopes], createdAt: new Date(this.clock.nowMs()), revokedAt: null };
  }
}

function checkScopes(scopes: readonly AdminScope[]): void {
  if (scopes.length === 0 || new Set(scopes).size !== scopes.length) throw new ValidationError('scopes', 'An admin credential needs one or more scopes, each once');
}

function sameScopes(a: readonly AdminScope[], b: readonly AdminScope[]): boolean {
  return a.length === b.length && a.every((scope) => b.includes(scope));
}

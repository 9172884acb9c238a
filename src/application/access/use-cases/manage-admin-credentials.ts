/**
 * Operator tasks on admin credentials (the key tool's, and ADMIN_TOKENS at start-up): issue, list,
 * revoke. Every change is audited; the credential itself is returned once and never stored.
 */
import {
  ADMIN_TOKEN_PREFIX,
  checkAdminName,
  checkAdminScopes,
  checkAdminTokenFormat,
  scopesBeyond,
  type AdminCredential,
  type AdminScope,
} from '../../../domain/access/admin-credential.js';
import { composeSecret, KEY_FORMAT_TEXT } from '../../../domain/access/api-key.js';
import type { Actor } from '../../../domain/shared/audit-event.js';
import { ForbiddenError, ValidationError } from '../../../domain/shared/errors.js';
import { AdminCredentialNotFoundError } from '../../../domain/access/errors.js';
import type { AdminCredentialStore } from '../ports/admin-credential-store.js';
import { DuplicateKeyError } from '../../shared/storage-errors.js';
import type { Clock } from '../../shared/ports/clock.js';
import { CONFIG_ACTOR, type Auditor } from '../../shared/services/auditor.js';
import { derivedId, hashKey, newKeyBody } from '../services/key-secrets.js';
import { randomBase62 } from '../../shared/ids.js';

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

  /**
   * Issues a credential. `granterScopes`: the scopes of the credential asking (over the admin API),
   * which bound what it may give; the key tool and the configuration give any.
   */
  async issue(
    name: string,
    scopes: readonly AdminScope[],
    actor: Actor,
    granterScopes?: readonly AdminScope[],
  ): Promise<IssuedAdminCredential> {
    checkAdminName(name);
    checkAdminScopes(scopes);
    const beyond = granterScopes === undefined ? [] : scopesBeyond(granterScopes, scopes);
    if (beyond.length > 0) throw new ForbiddenError(`This admin credential may only give scopes it holds itself, not ${beyond.join(', ')}`);
    const token = composeSecret(ADMIN_TOKEN_PREFIX, newKeyBody());
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
      throw new ValidationError(
        'token',
        `An admin credential must be ${KEY_FORMAT_TEXT}, not an API key, with a valid checksum when it starts with ${ADMIN_TOKEN_PREFIX}`,
      );
    }
    checkAdminScopes(scopes);
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
    const sameName = stored.name === name;
    if (sameScopes(stored.scopes, scopes) && sameName) return stored;
    const changes = {
      ...(!sameScopes(stored.scopes, scopes) && { scopes: { from: [...stored.scopes], to: [...scopes] } }),
      ...(!sameName && { name: { from: stored.name, to: name } }),
    };
    await this.auditor.record(CONFIG_ACTOR, 'admin.update', stored.id, { changes });
    return (await this.credentials.update(stored.id, { scopes: [...scopes], name })) ?? stored;
  }

  list(): Promise<AdminCredential[]> {
    return this.credentials.list();
  }

  async get(id: string): Promise<AdminCredential> {
    const credential = await this.credentials.findById(id);
    if (!credential) throw new AdminCredentialNotFoundError(id);
    return credential;
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

function sameScopes(a: readonly AdminScope[], b: readonly AdminScope[]): boolean {
  return a.length === b.length && a.every((scope) => b.includes(scope));
}

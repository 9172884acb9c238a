/**
 * Admin authentication and admission: the Authorization header names an admin credential holding the
 * operation's scope, or the request is refused. Every refusal of a credential reads the same (missing,
 * malformed, unknown, revoked, an API key); each counts against the client address with the limits
 * and ban of a bad API key, and is audited unless the address is already limited.
 */
import { checkAdminTokenFormat, type AdminScope } from '../../../domain/access/admin-credential.js';
import { ForbiddenError, RateLimitExceededError, UnauthenticatedError } from '../../../domain/shared/errors.js';
import { retryAfterSeconds, type BanPolicy } from '../../../domain/access/rate-limit.js';
import type { AdminCredentialStore } from '../ports/admin-credential-store.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { Auditor } from '../../shared/services/auditor.js';
import { hashKey } from '../services/key-secrets.js';
import { addressPolicy, addressSubject } from './admit-request.js';

export interface AdminPrincipal {
  /** The credential id: the actor of the audit events this request causes. */
  readonly id: string;
  /** The credential's name, shown beside its id in the audit log. */
  readonly name: string;
  readonly scopes: readonly AdminScope[];
}

export interface AdminAdmissionRequest {
  readonly authorization: string | undefined;
  readonly authorizationHeaders: number;
  readonly clientAddress: () => string;
  readonly requestId: string;
  /** The scope the operation needs. */
  readonly scope: AdminScope;
}

const BEARER = /^Bearer +([^\s]+) *$/i;
/** One message for every refused credential: which check failed is not the caller's to know. */
export const ADMIN_UNAUTHORIZED_MESSAGE = "A valid admin credential is required, sent as 'Authorization: Bearer <admin credential>'";

export class AdmitAdminRequest {
  constructor(
    private readonly credentials: AdminCredentialStore,
    private readonly limiter: RateLimiter,
    private readonly ban: BanPolicy,
    private readonly auditor: Auditor,
  ) {}

  /** Rejects with UnauthenticatedError (401), RateLimitExceededError (429) or ForbiddenError (403). */
  async execute(request: AdminAdmissionRequest): Promise<AdminPrincipal> {
    const principal = request.authorizationHeaders === 1 ? await this.identify(request.authorization) : null;
    if (principal === null) {
      const ip = request.clientAddress();
      const decision = await this.limiter.admit(addressSubject(ip), addressPolicy(this.ban));
      if (decision.outcome !== 'admitted')
        throw new RateLimitExceededError(decision.outcome === 'banned', retryAfterSeconds(decision), 'address');
      await this.auditor.record({ id: null, requestId: request.requestId, ip }, 'admin.auth_failed', null);
      throw new UnauthenticatedError(ADMIN_UNAUTHORIZED_MESSAGE);
    }
    if (!principal.scopes.includes(request.scope)) {
      throw new ForbiddenError(`This admin credential does not have the ${request.scope} scope this operation needs`);
    }
    return principal;
  }

  private async identify(authorization: string | undefined): Promise<AdminPrincipal | null> {
    // Stryker disable next-line StringLiteral: any text without the scheme is refused alike
    const token = BEARER.exec(authorization ?? '')?.[1];
    if (token === undefined || checkAdminTokenFormat(token) === 'refused') return null;
    const hash = hashKey(token);
    const credential = await this.credentials.findByHash(hash);
    if (!credential || credential.hash !== hash || credential.revokedAt !== null) return null;
    return { id: credential.id, name: credential.name, scopes: credential.scopes };
  }
}

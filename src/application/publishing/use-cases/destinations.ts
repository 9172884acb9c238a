/**
 * Owners' publishing destinations: made, read, listed, changed (If-Match optional) and removed by
 * the owner's keys (scope publishing:write) or by operators. Another owner's destination is answered
 * as one that does not exist, and nothing changes. A host is checked when it is given: every address
 * it resolves to must be public (loopback too under the development switch), as for webhooks. Every
 * change is audited first; the password never appears in an answer, a log line or an audit entry
 * (a replaced password is audited as the time it changed).
 */
import { DestinationLimitReachedError, DestinationNotFoundError, HostNotAllowedError } from '../../../domain/publishing/errors.js';
import {
  changeDestination,
  DESTINATION_ID_PATTERN,
  draftDestination,
  type Destination,
  type DestinationInput,
  type DestinationPatch,
} from '../../../domain/publishing/destination.js';
import type { Actor, AuditChanges, AuditValue } from '../../../domain/shared/audit-event.js';
import { changesBetween } from '../../../domain/shared/audit-event.js';
import { checkIfMatch, type IfMatch } from '../../../domain/shared/preconditions.js';
import type { AddressResolver } from '../../shared/ports/address-resolver.js';
import type { Clock } from '../../shared/ports/clock.js';
import { checkHost } from '../../shared/services/outbound-addresses.js';
import type { Auditor } from '../../shared/services/auditor.js';
import { decodeCursor, pageLimit, pageOf } from '../../shared/cursor.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import { randomBase62 } from '../../shared/ids.js';
import type { DestinationStore } from '../ports/destination-store.js';

/** Who acts: an owner's key on that owner's destinations, or an operator on any (`ownerId` null). */
export interface Acting {
  readonly actor: Actor;
  readonly ownerId: string | null;
}

export interface DestinationSettings {
  readonly maxPerOwner: number;
  /** Development and tests: loopback hosts are allowed. */
  readonly allowLoopback: boolean;
}

const DESTINATION_ID = new RegExp(DESTINATION_ID_PATTERN);

/** A destination as the audit log keeps it: never its password, only when it changed. */
function audited(destination: Destination): Record<string, AuditValue> {
  return {
    site: destination.site,
    host: destination.host,
    port: destination.port,
    username: destination.username,
    account: destination.account,
    status: destination.status,
    passwordChangedAt: destination.passwordChangedAt,
  };
}

export class Destinations {
  private sequence = 0;

  constructor(
    private readonly store: DestinationStore,
    private readonly resolver: AddressResolver,
    private readonly auditor: Auditor,
    private readonly clock: Clock,
    private readonly settings: DestinationSettings,
  ) {}

  async create(input: DestinationInput, ownerId: string, actor: Actor): Promise<Destination> {
    const fields = draftDestination(input);
    await this.checkReachable(fields.host);
    const nowMs = this.clock.nowMs();
    const now = new Date(nowMs).toISOString();
    const destination: Destination = {
      id: this.newId(nowMs),
      ownerId,
      ...fields,
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    await this.auditor.record(actor, 'destination.create', destination.id, { changes: changesBetween({}, audited(destination)) });
    if (!(await this.store.add(destination, this.settings.maxPerOwner))) {
      throw new DestinationLimitReachedError(
        `This owner has ${this.settings.maxPerOwner} publishing destinations, the most it may have ` +
          '(PUBLISHING_DESTINATIONS_PER_OWNER); remove one it no longer uses',
      );
    }
    return destination;
  }

  async get(id: string, acting: Acting): Promise<Destination> {
    const found = DESTINATION_ID.test(id) ? await this.store.findById(id) : null;
    if (found === null || (acting.ownerId !== null && found.ownerId !== acting.ownerId)) throw new DestinationNotFoundError(id);
    return found;
  }

  /** The owner's destinations, oldest first, a page at a time (limit 1-100, the cursor of the last page's Link). */
  async list(
    ownerId: string,
    page: { readonly limit?: number; readonly cursor?: string } = {},
  ): Promise<{ readonly destinations: Destination[]; readonly nextCursor: string | null }> {
    const limit = pageLimit(page.limit);
    const afterId = page.cursor === undefined ? undefined : decodeCursor(page.cursor, (text) => (DESTINATION_ID.test(text) ? text : null));
    const { rows, nextCursor } = pageOf(await this.store.listByOwner(ownerId, afterId, limit + 1), limit, (one) => one.id);
    return { destinations: rows, nextCursor };
  }

  /** Applies `patch` to the destination (read at `ifMatch`, when given); a new host is checked first. */
  async update(id: string, patch: DestinationPatch, ifMatch: IfMatch | undefined, acting: Acting): Promise<Destination> {
    return retryOnConflict(`Publishing destination ${id}`, async (round) => {
      const current = await this.get(id, acting);
      checkIfMatch(ifMatch, false, current.version, `publishing destination ${id}`);
      const changed = changeDestination(current, patch, new Date(this.clock.nowMs()).toISOString());
      if (changed === current) return current;
      if (round === 0 && changed.host !== current.host) await this.checkReachable(changed.host);
      // The audit event first: no change without its event (the password never in it).
      if (round === 0) await this.auditor.record(acting.actor, 'destination.update', id, { changes: this.changesOf(current, changed) });
      return (await this.store.update(changed, current.version)) ? changed : LOST_RACE;
    });
  }

  async remove(id: string, ifMatch: IfMatch | undefined, acting: Acting): Promise<void> {
    await retryOnConflict(`Publishing destination ${id}`, async (round) => {
      const current = await this.get(id, acting);
      checkIfMatch(ifMatch, false, current.version, `publishing destination ${id}`);
      if (round === 0) await this.auditor.record(acting.actor, 'destination.delete', id, { changes: changesBetween(audited(current), {}) });
      return (await this.store.remove(id, current.version)) ? undefined : LOST_RACE;
    });
  }

  private changesOf(before: Destination, after: Destination): AuditChanges {
    return changesBetween(audited(before), audited(after));
  }

  /** Refuses a host that resolves to no address or to any address this service does not connect to. */
  private async checkReachable(host: string): Promise<void> {
    const checked = await checkHost(
      new URL(`ftp://${host.includes(':') ? `[${host}]` : host}`),
      this.resolver,
      this.settings.allowLoopback,
    );
    if (checked.allowed) return;
    if (checked.refused === 'unresolved') {
      throw new HostNotAllowedError(
        `host ${host} does not resolve to any address (no such name, or no addresses for it); check its spelling`,
      );
    }
    throw new HostNotAllowedError(
      `host ${checked.literal ? 'is' : `${host} resolves to`} ${checked.refused === 'invalid' ? 'an invalid' : `a ${checked.refused}`}` +
        ' address; uploads go to public addresses only',
    );
  }

  /** `pd_`, the time and this instance's count (so ids sort by creation), and 7 random letters or digits. */
  private newId(nowMs: number): string {
    this.sequence = (this.sequence + 1) % 36 ** 3;
    return `pd_${nowMs.toString(36).padStart(9, '0')}${this.sequence.toString(36).padStart(3, '0')}${randomBase62(7)}`;
  }
}

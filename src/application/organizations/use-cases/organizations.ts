/**
 * Organizations: read by any key, listed with filters; created by operators; changed by operators
 * or by the organization's own keys (another owner's key gets 403 and nothing changes), from the
 * version read (If-Match). Every change is written to the audit log first, naming who made it.
 */
import { ForbiddenError, ValidationError } from '../../../domain/shared/errors.js';
import { OrganizationExistsError, OrganizationNotFoundError } from '../../../domain/organizations/errors.js';
import {
  checkOrganizationId,
  mergeProfile,
  placeMoved,
  profileChanges,
  sameProfile,
  type Organization,
  type OrganizationInput,
} from '../../../domain/organizations/organization.js';
import { checkIfMatch, type IfMatch } from '../../../domain/shared/preconditions.js';
import { coveredCountry, placeOfCode, type Gazetteer } from '../../../domain/shared/place.js';
import type { NearbyPlaces } from '../../shared/services/nearby-places.js';
import { servedDistance } from '../../../domain/shared/geo.js';
import type { Actor } from '../../../domain/shared/audit-event.js';
import { instantOf } from '../../../domain/shared/instant.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { Auditor } from '../../shared/services/auditor.js';
import type { Caller } from '../../shared/caller.js';
import { decodeCursor, pageLimit, pageOf } from '../../shared/cursor.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import type { OrganizationFilter, OrganizationStore } from '../ports/organization-store.js';

/**
 * Port: what follows an organization's move, its animals kept at the organization (the adoption
 * feature's, wired by the composition root). Idempotent: run again, it moves nothing twice.
 */
export interface OrganizationMoves {
  /** Moves the animals `organizationId` keeps at the organization to its current place. */
  follow(organizationId: string): Promise<void>;
}

/** Who changes an organization: an operator (any), or a key of the organization's own. */
export type Changer = { readonly operator: Actor } | { readonly caller: Caller };

export interface OrganizationQuery {
  readonly country?: string;
  readonly region?: string;
  readonly postalCode?: string;
  readonly ids?: readonly string[];
  /** A postal code or lat,lng, and how far from it (see NearbyPlaces). */
  readonly near?: string;
  readonly radius?: string;
  readonly limit?: number;
  readonly cursor?: string;
}

export class Organizations {
  constructor(
    private readonly store: OrganizationStore,
    private readonly gazetteer: Gazetteer,
    private readonly nearby: NearbyPlaces,
    private readonly auditor: Auditor,
    private readonly clock: Clock,
    private readonly moves: OrganizationMoves,
  ) {}

  async get(id: string): Promise<Organization> {
    const found = await this.store.findById(id);
    if (found === null) throw new OrganizationNotFoundError(id);
    return found;
  }

  /** A page of organizations, in id order; a filter that names no known place is refused, never ignored. */
  async list(query: OrganizationQuery): Promise<{
    readonly organizations: Organization[];
    readonly nextCursor: string | null;
    /** With `near`: each organization's distance, in `unit`, rounded to a whole unit. */
    readonly distances: ReadonlyMap<string, number> | null;
  }> {
    const limit = pageLimit(query.limit);
    const near = this.nearby.from(query.near, query.radius);
    const filter = { ...this.filterOf(query), ...(near !== null && { postalCodes: near.postalCodes }) };
    const afterId = query.cursor === undefined ? undefined : decodeCursor(query.cursor, (text) => (text === '' ? null : text));
    const { rows, nextCursor } = pageOf(await this.store.list(filter, afterId, limit + 1), limit, (row) => row.id);
    const distances =
      near && new Map(rows.map((row) => [row.id, servedDistance(near.kmOf.get(row.location?.postalCode ?? '') ?? 0, near.unit)]));
    return { organizations: rows, nextCursor, distances };
  }

  /** An operator creates the organization of owner `id`. */
  async create(id: string, input: OrganizationInput, operator: Actor): Promise<Organization> {
    checkOrganizationId(id);
    const profile = mergeProfile(null, input, this.gazetteer);
    const now = instantOf(this.clock.nowMs());
    // Animals added before the profile existed are nowhere until it has a place: then they move there.
    const relocating = profile.location !== null;
    const organization: Organization = { id, ...profile, createdAt: now, updatedAt: now, version: 1, relocating };
    if ((await this.store.findById(id)) !== null) throw new OrganizationExistsError(id);
    await this.auditor.record(operator, 'organization.create', id, { changes: profileChanges(null, profile) });
    if (!(await this.store.add(organization))) throw new OrganizationExistsError(id);
    await this.settle(organization);
    return organization;
  }

  /**
   * Finishes the moves that a failure interrupted (an instance stopped between an organization's
   * change and its animals' move): run by every instance on a timer. Returns how many it finished.
   */
  async sweepMoves(): Promise<number> {
    const pending = await this.store.listRelocating(100);
    for (const organization of pending) await this.settle(organization);
    return pending.length;
  }

  /** After a change that moved it: its animals follow, then the move is marked done at that version. */
  private async settle(organization: Organization): Promise<void> {
    if (organization.relocating !== true) return;
    await this.moves.follow(organization.id);
    await this.store.settleRelocation(organization.id, organization.version);
  }

  /** Merges `input` into the organization read at `ifMatch` (required), by an operator or the organization's own key. */
  async update(id: string, input: OrganizationInput, ifMatch: IfMatch | undefined, changer: Changer): Promise<Organization> {
    return retryOnConflict(`Organization ${id}`, async (round) => {
      const current = await this.get(id);
      if ('caller' in changer && changer.caller.ownerId !== id) {
        throw new ForbiddenError(`Organization ${JSON.stringify(id)} is another owner's; only its own keys (or an operator) may change it`);
      }
      checkIfMatch(ifMatch, true, current.version, `organization ${JSON.stringify(id)}`);
      const profile = mergeProfile(current, input, this.gazetteer);
      if (sameProfile(current, profile)) return current;
      const changed: Organization = {
        ...current,
        ...profile,
        updatedAt: instantOf(this.clock.nowMs()),
        version: current.version + 1,
        relocating: current.relocating === true || placeMoved(current, profile),
      };
      // The audit event first: no change without its event.
      if (round === 0) {
        const actor = 'operator' in changer ? changer.operator : { id: changer.caller.keyId, requestId: null, ip: null };
        await this.auditor.record(actor, 'organization.update', id, { changes: profileChanges(current, profile) });
      }
      if (!(await this.store.update(changed, current.version))) return LOST_RACE;
      await this.settle(changed);
      return changed;
    });
  }

  private filterOf(query: OrganizationQuery): OrganizationFilter {
    const country = query.country === undefined ? undefined : coveredCountry(query.country, this.gazetteer, 'country');
    const inCountry = country ?? 'US';
    if (query.region !== undefined && !this.gazetteer.hasRegion(inCountry, query.region)) {
      throw new ValidationError(
        'region',
        `region ${JSON.stringify(query.region)} is not a region of ${inCountry} (a state or territory code such as NY)`,
      );
    }
    const postalCode =
      query.postalCode === undefined ? undefined : placeOfCode(query.postalCode, inCountry, this.gazetteer, 'postalCode').postalCode;
    return {
      ...(country !== undefined && { country }),
      ...(query.region !== undefined && { region: query.region }),
      ...(postalCode !== undefined && { postalCode }),
      ...(query.ids !== undefined && { ids: query.ids }),
    };
  }
}

/**
 * Adds a pet: applies the domain rules and defaults, then stores it under a new id. With an
 * Idempotency-Key, a repeat of a successful create returns the first result instead of a second pet.
 */
import { sameCode, type Gazetteer } from '../../../domain/shared/place.js';
import { hash, randomUUID } from 'node:crypto';
import { IdempotencyKeyInFlightError, IdempotencyKeyReusedError } from '../../../domain/shared/errors.js';
import { draftPet, newPetDraft, petOf, type NewPet, type Pet, type PetDraft, type PetFields } from '../../../domain/adoption/pet.js';
import type { PetReference } from '../../../domain/adoption/pet-reference.js';
import { instantOf } from '../../../domain/shared/instant.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { IdempotencyScope, PetCreateClaims } from '../ports/pet-create-claims.js';
import type { PetRepository, ReservedAdd } from '../ports/pet-repository.js';
import { feedEvents } from '../services/feed-events.js';
import type { HomePlaces } from '../ports/home-places.js';
import type { RelocatePets } from './relocate-pets.js';

export interface IdempotencyPolicy {
  /** How long a completed create is replayed. */
  readonly ttlMs: number;
  /** How long an in-flight claim is honoured before another request may take it over. */
  readonly leaseMs: number;
}

export interface CreatedPet {
  readonly pet: Pet;
  /** True when this is the stored result of an earlier request with the same Idempotency-Key. */
  readonly replayed: boolean;
}

export class CreatePet {
  constructor(
    private readonly pets: PetRepository,
    private readonly claims: PetCreateClaims,
    private readonly clock: Clock,
    private readonly gazetteer: Gazetteer,
    private readonly policy: IdempotencyPolicy,
    /** Where an animal kept at its organization is: the organization's place. */
    private readonly homes: HomePlaces,
    private readonly relocate: RelocatePets,
  ) {}

  /** Adds the pet as `ownerId`'s. */
  async execute(input: NewPet, ownerId: string, scope?: IdempotencyScope): Promise<CreatedPet> {
    // Invalid input is refused before any claim, so a client can fix the body and retry with the same key.
    const now = instantOf(this.clock.nowMs());
    const fields = draftPet(input, now.slice(0, 10), this.gazetteer);
    const home = fields.location === null ? await this.homes.placeOf(ownerId) : null;
    const draft = newPetDraft(fields, ownerId, now, home);
    if (!scope) {
      const pet = await this.pets.add(draft, (stored) => feedEvents.petCreated(this.clock, stored));
      return { pet: await this.followed(pet, home), replayed: false };
    }

    const token = randomUUID();
    const fingerprint = fingerprintOf(input);
    // The pet's id is chosen before the claim and kept with it: every attempt under this key stores
    // under that one id, so a write that lands after its request gave up meets the retry there.
    const reservedId = await this.pets.reserveId();
    const result = await this.claims.claim(scope, {
      token,
      fingerprint,
      petId: reservedId,
      nowMs: this.clock.nowMs(),
      ...this.policy,
    });
    if (!result.claimed) {
      const { existing } = result;
      if (existing.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
      if (existing.state === 'in_flight') throw new IdempotencyKeyInFlightError();
      return { pet: existing.pet, replayed: true };
    }
    let stored: { pet: Pet; created: boolean };
    try {
      const pet = petOf(result.petId, draft);
      stored = await this.pets.addReserved(pet, feedEvents.petCreated(this.clock, pet));
    } catch (error) {
      // The write may still land: the claim keeps the id and only its lease ends, so a retry takes it
      // over at once and either finds that pet or stores it under the same id.
      await this.claims.release(scope, token).catch(() => undefined);
      throw error;
    }
    // The pet is stored; if remembering it fails, the claim still holds its id, so a retry finds the
    // same pet, and the client gets its 201.
    await this.claims.complete(scope, token, stored.pet, this.clock.nowMs(), this.policy.ttlMs).catch(() => undefined);
    return { pet: stored.created ? await this.followed(stored.pet, home) : stored.pet, replayed: !stored.created };
  }

  /**
   * Adds the pet as `ownerId`'s under its source system's reference, unless one of the owner's
   * animals carries that reference already: then that one, created false, and nothing stored.
   */
  async referenced(fields: PetFields, ownerId: string, reference: PetReference): Promise<ReservedAdd> {
    const now = instantOf(this.clock.nowMs());
    const home = fields.location === null ? await this.homes.placeOf(ownerId) : null;
    // newPetDraft gives the draft the reference passed to it.
    const draft = newPetDraft(fields, ownerId, now, home, reference) as PetDraft & { readonly reference: PetReference };
    const stored = await this.pets.addReferenced(draft, (pet) => feedEvents.petCreated(this.clock, pet));
    return stored.created ? { pet: await this.followed(stored.pet, home), created: true } : stored;
  }

  /**
   * An animal stored at its organization's place as read before the write: when the organization
   * moved meanwhile (its move's walk may have passed before this animal was stored), it follows now.
   */
  private async followed(pet: Pet, home: Awaited<ReturnType<HomePlaces['placeOf']>>): Promise<Pet> {
    if (pet.location !== null) return pet;
    if (sameCode(await this.homes.placeOf(pet.ownerId ?? ''), home)) return pet;
    await this.relocate.pet(pet.id, pet.ownerId ?? '');
    return (await this.pets.findById(pet.id)) ?? pet;
  }
}

/** The request as sent, independent of key order: a repeat must carry the same fields and values. */
function fingerprintOf(input: NewPet): string {
  // Stryker disable next-line EqualityOperator: an object's field names are never equal, so < and <= sort alike
  const canonical = JSON.stringify(Object.entries(input).sort(([a], [b]) => (a < b ? -1 : 1)));
  return hash('sha256', canonical, 'hex');
}

/**
 * Shelter software pushing its animals by its own ids: create or update by reference (PetReference),
 * within the caller's own animals only. A push describes the animal whole; one that differs in
 * nothing from the animal writes nothing and makes no event, so a retried or repeated push is safe,
 * and pushes of one new reference at once make one animal (the store keeps a reference unique per
 * owner: the push that loses the race updates the animal the other made).
 */
import { PetNotFoundByReferenceError, PetNotFoundError } from '../../../domain/adoption/errors.js';
import { draftPet, type NewPet, type Pet } from '../../../domain/adoption/pet.js';
import type { PetReference } from '../../../domain/adoption/pet-reference.js';
import { PreconditionFailedError } from '../../../domain/shared/errors.js';
import type { Gazetteer } from '../../../domain/shared/place.js';
import { instantOf } from '../../../domain/shared/instant.js';
import type { IfMatch } from '../../../domain/shared/preconditions.js';
import type { Caller } from '../../shared/caller.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { PetRepository } from '../ports/pet-repository.js';
import type { ChangePet } from './change-pet.js';
import type { CreatePet } from './create-pet.js';
import type { SettleHolds } from './settle-holds.js';

/** What a push asks of the animal's current state: If-Match (an update of that version) or If-None-Match: * (a create only). */
export interface PushPreconditions {
  readonly ifMatch?: IfMatch;
  readonly createOnly?: boolean;
}

export interface PushedPet {
  readonly pet: Pet;
  /** True when this push made the animal. */
  readonly created: boolean;
}

export class PushPet {
  constructor(
    private readonly pets: PetRepository,
    private readonly create: CreatePet,
    private readonly change: ChangePet,
    private readonly holds: SettleHolds,
    private readonly clock: Clock,
    private readonly gazetteer: Gazetteer,
  ) {}

  async execute(reference: PetReference, input: NewPet, preconditions: PushPreconditions, caller: Caller): Promise<PushedPet> {
    // The whole push is checked before anything is read or written.
    const pushed = draftPet(input, instantOf(this.clock.nowMs()).slice(0, 10), this.gazetteer);
    return retryOnConflict(`Pet ${reference.source}/${reference.id}`, async () => {
      const found = await this.pets.findByReference(caller.ownerId, reference);
      if (found === null) {
        if (preconditions.ifMatch !== undefined) {
          throw new PreconditionFailedError(
            `None of your animals has the reference ${reference.source}/${reference.id} to match: send the push without If-Match to create it`,
            null,
          );
        }
        const stored = await this.create.referenced(pushed, caller.ownerId, reference);
        // Another push of this reference stored it first: this one is an update of that animal.
        return stored.created ? { pet: stored.pet, created: true } : LOST_RACE;
      }
      if (preconditions.createOnly === true) {
        throw new PreconditionFailedError(
          `The animal with reference ${reference.source}/${reference.id} exists already (pet ${found.id}); send the push without If-None-Match to update it`,
          found.version,
        );
      }
      try {
        return { pet: await this.change.replace(found.id, pushed, input.status, preconditions.ifMatch, caller), created: false };
      } catch (error) {
        // Removed since it was found: its reference is free again, so this push makes the animal.
        if (error instanceof PetNotFoundError) return LOST_RACE;
        throw error;
      }
    });
  }

  /** The caller's animal with this reference. */
  async get(reference: PetReference, caller: Caller): Promise<Pet> {
    const found = await this.pets.findByReference(caller.ownerId, reference);
    // Read singly, so any interrupted adoption step on it is finished first (settle-holds.ts).
    const pet = found && (await this.holds.pet(found));
    if (!pet) throw new PetNotFoundByReferenceError(reference);
    return pet;
  }
}

/**
 * Changes and removes pets: only the owner's keys may, only from the version the client read
 * (If-Match), and only as the lifecycle allows. Each write is conditional on the version read, so of
 * concurrent changes sent with one If-Match exactly one lands and the others get 412.
 */
import { PetHeldError, PetNotFoundError } from '../../../domain/adoption/errors.js';
import { atHome, changePet, checkPetOwner, ownerOfPet, replacePet, type PetPatch } from '../../../domain/adoption/pet-lifecycle.js';
import { checkIfMatch, type IfMatch } from '../../../domain/shared/preconditions.js';
import { type Pet, type PetFields, type PetId } from '../../../domain/adoption/pet.js';
import type { PetStatus } from '../../../domain/adoption/pet-status.js';
import { instantOf, type Instant } from '../../../domain/shared/instant.js';
import { sameCode, type Gazetteer } from '../../../domain/shared/place.js';
import type { PhotoStore } from '../ports/photo-store.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { PetRepository } from '../ports/pet-repository.js';
import type { Caller } from '../../shared/caller.js';
import type { SettleHolds } from './settle-holds.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import { feedEvents } from '../services/feed-events.js';
import type { HomePlaces } from '../ports/home-places.js';
import type { RelocatePets } from './relocate-pets.js';

export class ChangePet {
  constructor(
    private readonly pets: PetRepository,
    private readonly holds: SettleHolds,
    private readonly clock: Clock,
    private readonly gazetteer: Gazetteer,
    /** Where the pet's photos are: removed with the pet. */
    private readonly photos: PhotoStore,
    /** The owner of pets stored before owners were recorded (LEGACY_PET_OWNER), or null. */
    private readonly legacyOwner: string | null,
    /** Where an animal back from a foster home is: its organization's place. */
    private readonly homes: HomePlaces,
    private readonly relocate: RelocatePets,
  ) {}

  /** The pet after the change (the same version when the change changes nothing). */
  async update(id: PetId, patch: PetPatch, ifMatch: IfMatch | undefined, caller: Caller): Promise<Pet> {
    return this.apply(id, ifMatch, true, caller, (pet, now) => changePet(pet, patch, now, this.gazetteer));
  }

  /**
   * The pet as a push describes it whole (replacePet; If-Match optional: the source system's push is
   * the animal's state), the same version when it differs in nothing.
   */
  async replace(id: PetId, pushed: PetFields, status: PetStatus | undefined, ifMatch: IfMatch | undefined, caller: Caller): Promise<Pet> {
    return this.apply(id, ifMatch, false, caller, (pet, now) => replacePet(pet, pushed, status, now));
  }

  private async apply(
    id: PetId,
    ifMatch: IfMatch | undefined,
    required: boolean,
    caller: Caller,
    change: (pet: Pet, now: Instant) => Pet,
  ): Promise<Pet> {
    return retryOnConflict(`Pet ${id}`, async () => {
      const pet = await this.current(id);
      checkPetOwner(pet, caller.ownerId, this.legacyOwner);
      checkIfMatch(ifMatch, required, pet.version, `pet ${id}`);
      let changed = change(pet, instantOf(this.clock.nowMs()));
      if (changed === pet) return pet;
      // Back from a foster home: at its organization's place, read now.
      const owner = ownerOfPet(pet, this.legacyOwner) ?? '';
      const back = changed.location === null && pet.location !== null;
      const home = back ? await this.homes.placeOf(owner) : null;
      if (back) changed = atHome(changed, home);
      if (await this.pets.update(changed, pet.version, feedEvents.petChanged(this.clock, pet, changed))) {
        if (changed.status === 'sold' && pet.status !== 'sold') await this.holds.cancelPlaced(id, 'pet_adopted');
        // The organization may have moved since its place was read: then the animal follows it.
        if (back && !sameCode(await this.homes.placeOf(owner), home)) {
          await this.relocate.pet(id, owner);
          return this.current(id);
        }
        return changed;
      }
      // Lost to a concurrent change: read again, and the If-Match (if it named that version) now fails.
      return LOST_RACE;
    });
  }

  /** Removes the pet, unless an approved adoption request holds it; its placed requests are cancelled. */
  async remove(id: PetId, ifMatch: IfMatch | undefined, caller: Caller): Promise<void> {
    await retryOnConflict(`Pet ${id}`, async () => {
      const pet = await this.current(id);
      checkPetOwner(pet, caller.ownerId, this.legacyOwner);
      checkIfMatch(ifMatch, false, pet.version, `pet ${id}`);
      if (pet.heldBy !== null) {
        throw new PetHeldError(
          `Pet ${id} is held by the approved adoption request ${pet.heldBy}; cancel that request before removing the pet`,
        );
      }
      if (await this.pets.remove(id, pet.version, feedEvents.petDeleted(this.clock, pet))) {
        await this.holds.cancelPlaced(id, 'pet_deleted');
        for (const photo of pet.photos) await this.photos.remove(photo.id);
        return undefined;
      }
      return LOST_RACE;
    });
  }

  private async current(id: PetId): Promise<Pet> {
    const found = await this.pets.findById(id);
    const pet = found && (await this.holds.pet(found));
    if (!pet) throw new PetNotFoundError(id);
    return pet;
  }
}

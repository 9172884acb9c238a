/**
 * An organization's animals follow it: when its place changes, each animal kept at the organization
 * (no foster location) is rewritten at the new place, one version on, with its `pet.updated` event
 * in the same conditional write, so a near-search and a mirror built from the feed see the move.
 * Foster animals stay where they are. Idempotent: an animal already at the place is not written, so
 * a move run again (after a crash, by a sweep, or by two instances) writes each animal once.
 */
import type { Pet, PetId } from '../../../domain/adoption/pet.js';
import { relocatePet } from '../../../domain/adoption/pet-lifecycle.js';
import { instantOf } from '../../../domain/shared/instant.js';
import type { Clock } from '../../shared/ports/clock.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import { feedEvents } from '../services/feed-events.js';
import type { PetRepository } from '../ports/pet-repository.js';
import type { HomePlaces } from '../ports/home-places.js';

/** Animals read per round of a move. */
export const RELOCATE_BATCH = 500;

export interface Relocation {
  /** Animals kept at the organization that were read. */
  readonly read: number;
  /** Animals rewritten at the new place (each with its event). */
  readonly moved: number;
}

export class RelocatePets {
  constructor(
    private readonly pets: PetRepository,
    private readonly homes: HomePlaces,
    private readonly clock: Clock,
  ) {}

  /** Moves every animal `ownerId` keeps at its organization to the organization's current place. */
  async owner(ownerId: string): Promise<Relocation> {
    let read = 0;
    let moved = 0;
    let after: PetId = 0;
    for (;;) {
      // The place read once per round: a move that lands meanwhile is followed by its own run.
      const home = await this.homes.placeOf(ownerId);
      const batch = await this.pets.listAtHome(ownerId, after, RELOCATE_BATCH);
      if (batch.length === 0) return { read, moved };
      read += batch.length;
      for (const pet of batch) if (await this.one(pet, home)) moved++;
      after = (batch.at(-1) as Pet).id;
    }
  }

  /**
   * Puts one shelter animal at its organization's current place: after a change that placed it at
   * a place read before an organization's move landed, this read of the place sees the move.
   */
  async pet(id: PetId, ownerId: string): Promise<void> {
    const found = await this.pets.findById(id);
    if (found !== null) await this.one(found, await this.homes.placeOf(ownerId));
  }

  /** True when the animal was rewritten; a concurrent change is read again and the move applied to it. */
  private async one(first: Pet, home: Awaited<ReturnType<HomePlaces['placeOf']>>): Promise<boolean> {
    let pet: Pet | null = first;
    return retryOnConflict(`Pet ${first.id}`, async (round) => {
      if (round > 0) pet = await this.pets.findById(first.id);
      if (pet === null) return false;
      const moved = relocatePet(pet, home, instantOf(this.clock.nowMs()));
      if (moved === null) return false;
      return (await this.pets.update(moved, pet.version, feedEvents.petChanged(this.clock, pet, moved))) ? true : LOST_RACE;
    });
  }
}

/**
 * Fetches one pet by id. The operation is deprecated: its replacement is listing with a filter, and
 * from its sunset on (and inside announced brownouts before it) it answers that it is gone.
 */
import { idRangeMessage, isValidId, type Pet } from '../../../domain/adoption/pet.js';
import { GoneError, ValidationError } from '../../../domain/shared/errors.js';
import { PetNotFoundError } from '../../../domain/adoption/errors.js';
import { goneReason, type DeprecatedOperation } from '../../../domain/shared/deprecation.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { PetRepository } from '../ports/pet-repository.js';
import type { SettleHolds } from './settle-holds.js';

export class GetPet {
  constructor(
    private readonly pets: PetRepository,
    private readonly holds: SettleHolds,
    private readonly clock: Clock,
    readonly deprecation: DeprecatedOperation,
  ) {}

  /** Throws GoneError after the sunset and inside a brownout; checked before anything else about a request. */
  checkAvailable(): void {
    const reason = goneReason(this.deprecation, this.clock.nowMs());
    if (reason !== null) throw new GoneError(reason);
  }

  async execute(id: number): Promise<Pet> {
    this.checkAvailable();
    if (!isValidId(id)) throw new ValidationError('petId', idRangeMessage('petId'));
    const found = await this.pets.findById(id);
    const pet = found && (await this.holds.pet(found));
    if (!pet) throw new PetNotFoundError(id);
    return pet;
  }
}

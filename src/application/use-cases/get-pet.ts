/** Fetches one pet by id (the operation is deprecated; its replacement is listing with a filter). */
import { idRangeMessage, isValidId, type Pet } from '../../domain/pet.js';
import { PetNotFoundError, ValidationError } from '../../domain/errors.js';
import type { PetRepository } from '../ports/pet-repository.js';

export class GetPet {
  constructor(private readonly pets: PetRepository) {}

  async execute(id: number): Promise<Pet> {
    if (!isValidId(id)) throw new ValidationError('petId', idRangeMessage('petId'));
    const pet = await this.pets.findById(id);
    if (!pet) throw new PetNotFoundError(id);
    return pet;
  }
}

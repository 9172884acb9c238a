/** A page of pets in id order, as the repository's search gives it: the listing the contracts check. */
import type { PetRepository } from '../../src/application/adoption/ports/pet-repository.js';
import type { Pet, PetId } from '../../src/domain/adoption/pet.js';
import type { PetStatus } from '../../src/domain/adoption/pet-status.js';

export function listPets(
  repo: PetRepository,
  query: { readonly status?: PetStatus; readonly ids?: readonly PetId[]; readonly afterId?: PetId; readonly limit: number },
): Promise<Pet[]> {
  return repo.search({
    filter: { ...(query.status !== undefined && { status: [query.status] }), ...(query.ids !== undefined && { ids: query.ids }) },
    order: 'id',
    ...(query.afterId !== undefined && { after: { id: query.afterId } }),
    limit: query.limit,
  });
}

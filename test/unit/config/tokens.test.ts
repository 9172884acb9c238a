/** Typed tokens: what a token is given and what it resolves to are checked by the compiler (npm run typecheck). */
import { NearbyPlaces } from '../../../src/application/shared/services/nearby-places.js';
import { container as rootContainer } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { MemoryPetRepository } from '../../../src/adapters/adoption/memory/memory-pet-repository.js';
import { systemClock } from '../../../src/application/shared/ports/clock.js';
import { ListPets } from '../../../src/application/adoption/use-cases/list-pets.js';
import { provide, resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import type { GetPet } from '../../../src/application/adoption/use-cases/get-pet.js';

import { gazetteer } from '../../support/gazetteer.js';
import { MemoryOrganizationStore } from '../../../src/adapters/organizations/memory/memory-organization-store.js';
import { homePlacesOf } from '../../../src/config/modules/adoption.js';

describe('typed tokens', () => {
  it('resolve what they were given, and a swapped token does not compile', () => {
    const c = rootContainer.createChildContainer();
    const pets = new MemoryPetRepository();
    provide(c, TOKENS.PetRepository, { useValue: pets });
    provide(c, TOKENS.ListPets, {
      useFactory: (d) =>
        new ListPets(resolve(d, TOKENS.PetRepository), new NearbyPlaces(gazetteer), homePlacesOf(new MemoryOrganizationStore())),
    });
    // @ts-expect-error: a pet repository is not a clock.
    provide(c, TOKENS.Clock, { useValue: pets });
    provide(c, TOKENS.Clock, { useValue: systemClock });
    // @ts-expect-error: the ListPets token does not resolve to GetPet.
    const wrong: GetPet = resolve(c, TOKENS.ListPets);
    // The compiler refused it above; at run time the token still gives what it was given.
    expect(wrong).toBeInstanceOf(ListPets);
    expect(resolve(c, TOKENS.PetRepository)).toBe(pets);
  });
});

/** Sparse fieldsets (`fields=`): the fields a client asked for, read from the query, and each animal cut to them. */
import type { PetView } from './pet-view.js';
import { PET_FIELD_NAMES } from './pet-schemas.js';

/** `fields=a,b` and `fields=a&fields=b` alike, before validation. */
export function fieldsAsList(query: { fields?: unknown }): void {
  if (query.fields === undefined) return;
  const given = Array.isArray(query.fields) ? (query.fields as unknown[]) : [query.fields];
  query.fields = given.flatMap((value) => String(value).split(','));
}

/** An animal with `id` and the fields asked for, in the order Pet shows them (a field named twice comes once). */
export function projection(fields: readonly string[]): (pet: PetView) => Record<string, unknown> {
  // `distance` is the search's and `organization` the expansion's, not the animal's: the route adds them.
  const chosen = PET_FIELD_NAMES.filter(
    (name): name is Exclude<typeof name, 'distance' | 'organization'> =>
      name !== 'id' && name !== 'distance' && name !== 'organization' && fields.includes(name),
  );
  return (pet) => {
    const shown: Record<string, unknown> = { id: pet.id };
    for (const name of chosen) shown[name] = pet[name];
    return shown;
  };
}

/**
 * RescueGroups' import (beta, not served yet): `import/pets.csv` with its header line, and each
 * animal's pictures uploaded into `import/pictures/` as `<id>-<n>.jpg` (at most four), over
 * active-mode FTP. One row per adoptable animal, with the organization's RescueGroups id; an animal
 * left out leaves the site, and a file of the header alone removes the last one.
 *
 * Each animal maps from this API's vocabulary to RescueGroups' (Yes/No, its sizes and age groups);
 * one that lacks what RescueGroups requires is skipped with the reason, and what does not map is
 * said per listing.
 */
import { ValidationError } from '../shared/errors.js';
import { csvRows, listEach, siteAgeOf, SITE_SIZES, type Listing, type PublishableAnimal, type SiteFile } from './listing.js';

/** The columns, in the header's order. */
export const RESCUEGROUPS_COLUMNS = [
  'orgID',
  'animalID',
  'status',
  'lastUpdated',
  'rescueID',
  'name',
  'summary',
  'species',
  'breed',
  'primaryBreed',
  'secondaryBreed',
  'sex',
  'mixed',
  'dogs',
  'cats',
  'kids',
  'declawed',
  'housetrained',
  'age',
  'specialNeeds',
  'altered',
  'size',
  'uptodate',
  'color',
  'coatLength',
  'pattern',
  'courtesy',
  'description',
  'pic1',
  'pic2',
  'pic3',
  'pic4',
] as const;

export type RescuegroupsColumn = (typeof RESCUEGROUPS_COLUMNS)[number];

/** RescueGroups takes at most four pictures per animal. */
export const RESCUEGROUPS_PICTURES = 4;

/** The header line as RescueGroups' import reads it: the names, unquoted, each after a comma and a space. */
export const RESCUEGROUPS_HEADER = `${RESCUEGROUPS_COLUMNS.join(', ')}\n`;

/** A RescueGroups organization id: its digits. */
export const RESCUEGROUPS_ORG_ID_PATTERN = '^[0-9]{1,10}$';
const ORG_ID = new RegExp(RESCUEGROUPS_ORG_ID_PATTERN);

const SEX = { female: 'Female', male: 'Male' } as const;
/** RescueGroups' age groups by age, for an animal with a birth date but no age group: under half a year, 2 and 9 years of 365 days. */
const AGE_BANDS = [182.5, 730, 3_285] as const;

const yesNo = (value: boolean | null): string => (value === true ? 'Yes' : 'No');
const yesNoBlank = (value: boolean | null): string => (value === null ? '' : value ? 'Yes' : 'No');

/** The animal's pictures as uploaded into import/pictures: `<id>-1.jpg` to `<id>-4.jpg`. */
export function rescuegroupsPictureNames(animal: PublishableAnimal): string[] {
  return animal.photoUrls.slice(0, RESCUEGROUPS_PICTURES).map((_, i) => `${animal.id}-${i + 1}.jpg`);
}

/** The animal as one row of pets.csv for the organization `orgId`, or why it is not listed there. */
export function rescuegroupsListing(orgId: string, animal: PublishableAnimal, updatedAt: string, today: string): Listing {
  const sex = animal.sex === 'female' || animal.sex === 'male' ? SEX[animal.sex] : null;
  const age = siteAgeOf(animal, today, AGE_BANDS);
  const missing = [
    animal.speciesName === null && 'its species',
    animal.breeds === null && 'its breed',
    sex === null && 'its sex (female or male)',
  ].filter((what): what is string => what !== false);
  const { speciesName, breeds } = animal;
  if (speciesName === null || breeds === null || sex === null) {
    return { kind: 'skipped', reason: `RescueGroups requires ${missing.join(', ')}` };
  }

  const notes: string[] = [];
  if (animal.photoUrls.length > RESCUEGROUPS_PICTURES) {
    notes.push(`${animal.photoUrls.length} photos: RescueGroups takes the first ${RESCUEGROUPS_PICTURES}`);
  }
  const pictures = rescuegroupsPictureNames(animal);
  const row: Record<RescuegroupsColumn, string> = {
    orgID: orgId,
    animalID: String(animal.id),
    status: 'Available',
    // When the animal last changed, in seconds since 1970 (RescueGroups updates a listing that changed).
    lastUpdated: String(Math.floor(Date.parse(updatedAt) / 1000)),
    rescueID: String(animal.id),
    name: animal.name,
    summary: '',
    species: speciesName,
    breed: breeds.secondary === null ? breeds.primary : `${breeds.primary} / ${breeds.secondary}`,
    primaryBreed: breeds.primary,
    secondaryBreed: breeds.secondary ?? '',
    sex,
    mixed: yesNo(breeds.mixed),
    dogs: yesNoBlank(animal.goodWith.dogs),
    cats: yesNoBlank(animal.goodWith.cats),
    kids: yesNoBlank(animal.goodWith.children),
    declawed: '',
    housetrained: yesNoBlank(animal.attributes.houseTrained),
    age: age ?? '',
    specialNeeds: animal.attributes.specialNeeds === true ? '1' : '',
    altered: yesNo(animal.attributes.spayedNeutered),
    size: animal.size === null ? '' : SITE_SIZES[animal.size],
    uptodate: yesNo(animal.attributes.shotsCurrent),
    color: animal.colors?.primary ?? '',
    coatLength: animal.coat ?? '',
    pattern: '',
    courtesy: '',
    description: (animal.description ?? '').replace(/\r\n|\r|\n/g, '<br>'),
    pic1: pictures[0] ?? '',
    pic2: pictures[1] ?? '',
    pic3: pictures[2] ?? '',
    pic4: pictures[3] ?? '',
  };
  return { kind: 'listed', cells: RESCUEGROUPS_COLUMNS.map((column) => row[column]), notes };
}

/** The organization's import/pets.csv for RescueGroups, and the pictures to upload beside it. */
export function rescuegroupsFile(
  orgId: string,
  animals: readonly (PublishableAnimal & { readonly updatedAt: string })[],
  today: string,
): SiteFile {
  if (!ORG_ID.test(orgId)) throw new ValidationError('orgId', 'A RescueGroups organization id is 1 to 10 digits');
  const { listings, listed } = listEach(animals, (animal) => rescuegroupsListing(orgId, animal, animal.updatedAt, today));
  const rows = listed.map(({ cells }) => cells);
  const photos = listed.flatMap(({ animal }) =>
    rescuegroupsPictureNames(animal).map((name, i) => ({ name: `pictures/${name}`, url: animal.photoUrls[i] as string })),
  );
  return { path: 'import/pets.csv', content: RESCUEGROUPS_HEADER + csvRows(rows), listings, photos };
}

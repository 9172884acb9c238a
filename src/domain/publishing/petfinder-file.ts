/**
 * Petfinder's import file (beta, not served yet): one CSV file per shelter, named after its
 * Petfinder shelter id and uploaded into `import/` over FTP, one row per adoptable animal in the
 * columns and order Petfinder's import documentation (August 2019) mandates, every value quoted.
 * Petfinder replaces a shelter's listings with each file, so an animal left out of a file leaves the
 * site, and a file of the header alone removes the last listing.
 *
 * Each animal maps from this API's vocabulary to Petfinder's; one that lacks what Petfinder requires
 * (its type, breed, sex, size, age) is skipped with the reason, and what does not map (a seventh
 * photo, a fee not in US dollars) is said per listing instead of being dropped silently.
 */
import { ValidationError } from '../shared/errors.js';
import { csvFile, listEach, siteAgeOf, SITE_SIZES, type Listing, type PublishableAnimal, type SiteFile } from './listing.js';

/** The columns, in Petfinder's order. */
export const PETFINDER_COLUMNS = [
  'ID',
  'Internal',
  'AnimalName',
  'PrimaryBreed',
  'SecondaryBreed',
  'Sex',
  'Size',
  'Age',
  'Desc',
  'Type',
  'Status',
  'Shots',
  'Altered',
  'NoDogs',
  'NoCats',
  'NoKids',
  'Housetrained',
  'Declawed',
  'specialNeeds',
  'Mix',
  'photo1',
  'photo2',
  'photo3',
  'photo4',
  'photo5',
  'photo6',
  'arrival_date',
  'birth_date',
  'primaryColor',
  'secondaryColor',
  'tertiaryColor',
  'coat_length',
  'adoption_fee',
  'display_adoption_fee',
  'adoption_fee_waived',
  'special_needs_notes',
  'no_other',
  'no_other_note',
  'tags',
] as const;

export type PetfinderColumn = (typeof PETFINDER_COLUMNS)[number];

/** Petfinder takes at most six photos per animal. */
export const PETFINDER_PHOTOS = 6;

const SEX = { female: 'F', male: 'M' } as const;
/** Petfinder's age groups by age in days, for an animal with a birth date but no age group: under 1, 3 and 8 years. */
const AGE_BANDS = [365, 1_095, 2_920] as const;

/** `1` for yes; empty for no or unknown (Petfinder's yes/no columns). */
const yes = (value: boolean | null): string => (value === true ? '1' : '');
/** Petfinder's "not good with" columns: `1` when the animal is not good with them, `0` when it is, empty when unknown. */
const notGoodWith = (value: boolean | null): string => (value === null ? '' : value ? '0' : '1');

/** The animal as one row of Petfinder's file, or why it is not listed there. */
export function petfinderListing(animal: PublishableAnimal, today: string): Listing {
  const type = animal.speciesName;
  const sex = animal.sex === 'female' || animal.sex === 'male' ? SEX[animal.sex] : null;
  const age = siteAgeOf(animal, today, AGE_BANDS);
  const missing = [
    type === null && 'its species',
    animal.breeds === null && 'its breed',
    sex === null && 'its sex (female or male)',
    animal.size === null && 'its size',
    age === null && 'its age group or birth date',
  ].filter((what): what is string => what !== false);
  const { breeds, size } = animal;
  if (type === null || breeds === null || sex === null || size === null || age === null) {
    return { kind: 'skipped', reason: `Petfinder requires ${missing.join(', ')}` };
  }

  const notes: string[] = [];
  if (animal.photoUrls.length > PETFINDER_PHOTOS) {
    notes.push(`${animal.photoUrls.length} photos: Petfinder takes the first ${PETFINDER_PHOTOS}`);
  }
  const fee = animal.adoptionFee;
  const dollars = fee !== null && fee.amount > 0 && fee.currency === 'USD' ? (fee.amount / 100).toFixed(2) : '';
  if (fee !== null && fee.amount > 0 && fee.currency !== 'USD')
    notes.push(`the fee is in ${fee.currency}: Petfinder shows fees in US dollars, so none is shown`);
  if (animal.attributes.microchipped !== null) notes.push('microchipped: Petfinder has no column for it');
  const photo = (i: number) => animal.photoUrls[i] ?? '';
  const row: Record<PetfinderColumn, string> = {
    ID: String(animal.id),
    Internal: String(animal.id),
    AnimalName: animal.name,
    PrimaryBreed: breeds.primary,
    SecondaryBreed: breeds.secondary ?? '',
    Sex: sex,
    Size: SITE_SIZES[size],
    Age: age,
    // Petfinder's description is one field: line breaks as the HTML entity it shows as one.
    Desc: (animal.description ?? '').replace(/\r\n|\r|\n/g, '&#10;'),
    Type: type,
    Status: 'A',
    Shots: yes(animal.attributes.shotsCurrent),
    Altered: yes(animal.attributes.spayedNeutered),
    NoDogs: notGoodWith(animal.goodWith.dogs),
    NoCats: notGoodWith(animal.goodWith.cats),
    NoKids: notGoodWith(animal.goodWith.children),
    Housetrained: yes(animal.attributes.houseTrained),
    Declawed: '',
    specialNeeds: yes(animal.attributes.specialNeeds),
    Mix: yes(breeds.mixed),
    photo1: photo(0),
    photo2: photo(1),
    photo3: photo(2),
    photo4: photo(3),
    photo5: photo(4),
    photo6: photo(5),
    arrival_date: animal.createdAt.slice(0, 10),
    birth_date: animal.birthDate?.date ?? '',
    primaryColor: animal.colors?.primary ?? '',
    secondaryColor: animal.colors?.secondary ?? '',
    tertiaryColor: '',
    coat_length: animal.coat ?? '',
    // Petfinder ignores its own display flag for a fee of 0: a free animal's fee is left empty.
    adoption_fee: dollars,
    display_adoption_fee: dollars === '' ? '' : '1',
    adoption_fee_waived: '',
    special_needs_notes: animal.attributes.specialNeedsDetails ?? '',
    no_other: '',
    no_other_note: '',
    tags: animal.tags.join(','),
  };
  return { kind: 'listed', cells: PETFINDER_COLUMNS.map((column) => row[column]), notes };
}

/** A Petfinder shelter id (a state's code and digits, such as CA123): it names the uploaded file. */
export const PETFINDER_SHELTER_ID_PATTERN = '^[A-Za-z0-9_-]{1,40}$';
export const PETFINDER_SHELTER_ID_TEXT = '1 to 40 letters, digits, "_" or "-"';
const SHELTER_ID = new RegExp(PETFINDER_SHELTER_ID_PATTERN);

/**
 * The file of a shelter's adoptable animals for Petfinder: `import/<shelter id>`, a row per animal
 * listed. No animal listed gives the header alone, which removes the shelter's last listing.
 */
export function petfinderFile(shelterId: string, animals: readonly PublishableAnimal[], today: string): SiteFile {
  if (!SHELTER_ID.test(shelterId)) throw new ValidationError('shelterId', `A Petfinder shelter id is ${PETFINDER_SHELTER_ID_TEXT}`);
  const { listings, listed } = listEach(animals, (animal) => petfinderListing(animal, today));
  const rows = listed.map(({ cells }) => cells);
  // Petfinder reads the photos from their addresses in the file.
  return { path: `import/${shelterId}`, content: csvFile(PETFINDER_COLUMNS, rows), listings, photos: [] };
}

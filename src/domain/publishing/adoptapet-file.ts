/**
 * Adopt-a-Pet's import (beta, not served yet): `pets.csv` (no header row: its columns are named by
 * the import map beside it) and `import.cfg`, the map that tells Adopt-a-Pet which column is which,
 * both uploaded over FTP with each animal's photos beside them as `<id>-<n>.jpg`. One row per
 * adoptable animal; an animal left out leaves the site.
 *
 * Each animal maps from this API's vocabulary to Adopt-a-Pet's (its own animal types; a size for
 * dogs and cats only; a hair length from the coats it takes for the species); one that lacks what
 * Adopt-a-Pet requires is skipped with the reason, and what does not map is said per listing.
 */
import { csvRows, listEach, siteAgeOf, SITE_SIZES, type Listing, type PublishableAnimal, type SiteFile } from './listing.js';

/** The columns, in the order the import map names them. */
export const ADOPTAPET_COLUMNS = [
  'Id',
  'Animal',
  'Breed',
  'Breed2',
  'Purebred',
  'Age',
  'Name',
  'Size',
  'Sex',
  'Color',
  'Description',
  'Status',
  'GoodWKids',
  'GoodWCats',
  'GoodWDogs',
  'SpayedNeutered',
  'ShotsCurrent',
  'Housetrained',
  'Declawed',
  'SpecialNeeds',
  'HairLength',
  'YouTubeVideoURL',
  'Birthdate',
  'Sizecurrent',
  'SizeUOM',
  'AdoptionFee',
  'Cratetrained',
  'HeartwormNegative',
  'HeartwormPositive',
  'Leashtrained',
  'IndoorOnly',
  'FIVPositive',
  'SpecialDietaryNeeds',
] as const;

export type AdoptapetColumn = (typeof ADOPTAPET_COLUMNS)[number];

/** The import map: each column's number and name, the file's own names for Adopt-a-Pet's. */
export const ADOPTAPET_IMPORT_MAP =
  '; Adopt-a-Pet import map: the columns of pets.csv, in order.\n' +
  ADOPTAPET_COLUMNS.map((column, i) => `#${i + 1}:${column}=${column}`).join('\n') +
  '\n';

/** Adopt-a-Pet's animal type for each species' name (the species list's, Petfinder's types). */
const ANIMAL: Readonly<Record<string, string>> = {
  Dog: 'Dog',
  Cat: 'Cat',
  Rabbit: 'Rabbit',
  'Small & Furry': 'Small Animal',
  Horse: 'Horse',
  Bird: 'Bird',
  'Scales, Fins & Other': 'Reptile',
  Barnyard: 'Farm Animal',
};
/** The hair lengths Adopt-a-Pet takes, by its animal type; other types have none. */
const HAIR: Readonly<Record<string, readonly string[]>> = {
  Cat: ['Short', 'Medium', 'Long'],
  Rabbit: ['Short', 'Long'],
  'Small Animal': ['Hairless', 'Short', 'Medium', 'Long'],
};
const SEX = { female: 'F', male: 'M' } as const;
/** Adopt-a-Pet's age groups by age, for an animal with a birth date but no age group: under half a year, 2 and 9 years of 365 days. */
const AGE_BANDS = [182.5, 730, 3_285] as const;

/** Adopt-a-Pet's yes/no/unknown: `1`, `0`, empty. */
const yesNoUnknown = (value: boolean | null): string => (value === null ? '' : value ? '1' : '0');
/** Adopt-a-Pet's yes/no: `1`, else `0`. */
const yesNo = (value: boolean | null): string => (value === true ? '1' : '0');

/** The animal's photos as the files uploaded beside pets.csv: `<id>-1.jpg`, `<id>-2.jpg`, ... */
export function adoptapetPhotoNames(animal: PublishableAnimal): string[] {
  return animal.photoUrls.map((_, i) => `${animal.id}-${i + 1}.jpg`);
}

/** The animal as one row of pets.csv, or why it is not listed there. */
export function adoptapetListing(animal: PublishableAnimal, today: string): Listing {
  const type = animal.speciesName === null ? null : (ANIMAL[animal.speciesName] ?? null);
  const sex = animal.sex === 'female' || animal.sex === 'male' ? SEX[animal.sex] : null;
  const age = siteAgeOf(animal, today, AGE_BANDS);
  const sized = type === 'Dog' || type === 'Cat';
  const missing = [
    type === null && 'its species',
    animal.breeds === null && 'its breed',
    sex === null && 'its sex (female or male)',
    sized && animal.size === null && 'its size (for a dog or a cat)',
    age === null && 'its age group or birth date',
  ].filter((what): what is string => what !== false);
  const { breeds, size } = animal;
  if (type === null || breeds === null || sex === null || (sized && size === null) || age === null) {
    return { kind: 'skipped', reason: `Adopt-a-Pet requires ${missing.join(', ')}` };
  }

  const notes: string[] = [];
  const hairLengths = HAIR[type] ?? [];
  const hair = animal.coat !== null && hairLengths.includes(animal.coat) ? animal.coat : '';
  if (animal.coat !== null && hair === '')
    notes.push(`the coat ${animal.coat}: Adopt-a-Pet takes ${hairLengths.join(', ') || 'none'} for a ${type}`);
  if (!sized && size !== null) notes.push(`the size: Adopt-a-Pet takes one for dogs and cats only`);
  const fee = animal.adoptionFee;
  if (fee !== null && fee.amount > 0 && fee.currency !== 'USD')
    notes.push(`the fee is in ${fee.currency}: Adopt-a-Pet shows fees in US dollars, so none is shown`);
  if (fee !== null && fee.currency === 'USD' && fee.amount % 100 !== 0) notes.push('the fee in whole dollars: Adopt-a-Pet takes no cents');
  const birth = animal.birthDate?.date;
  const row: Record<AdoptapetColumn, string> = {
    Id: String(animal.id),
    Animal: type,
    Breed: breeds.primary,
    Breed2: breeds.secondary ?? '',
    Purebred: breeds.mixed ? '0' : '1',
    Age: age,
    Name: animal.name,
    Size: sized && size !== null ? SITE_SIZES[size] : '',
    Sex: sex,
    Color: animal.colors?.primary ?? '',
    // Adopt-a-Pet shows the description as HTML: line breaks as <br>.
    Description: (animal.description ?? '').replace(/\r\n|\r|\n/g, '<br>'),
    Status: 'Available',
    GoodWKids: yesNoUnknown(animal.goodWith.children),
    GoodWCats: yesNoUnknown(animal.goodWith.cats),
    GoodWDogs: yesNoUnknown(animal.goodWith.dogs),
    SpayedNeutered: yesNo(animal.attributes.spayedNeutered),
    ShotsCurrent: yesNo(animal.attributes.shotsCurrent),
    Housetrained: yesNoUnknown(animal.attributes.houseTrained),
    Declawed: '',
    SpecialNeeds: yesNo(animal.attributes.specialNeeds),
    HairLength: hair,
    YouTubeVideoURL: '',
    Birthdate: birth === undefined ? '' : `${birth.slice(5, 7)}/${birth.slice(8, 10)}/${birth.slice(0, 4)}`,
    Sizecurrent: '',
    SizeUOM: '',
    AdoptionFee: fee !== null && fee.amount > 0 && fee.currency === 'USD' ? String(Math.floor(fee.amount / 100)) : '',
    Cratetrained: '',
    HeartwormNegative: '',
    HeartwormPositive: '',
    Leashtrained: '',
    IndoorOnly: '',
    FIVPositive: '',
    SpecialDietaryNeeds: '',
  };
  return { kind: 'listed', cells: ADOPTAPET_COLUMNS.map((column) => row[column]), notes };
}

/** pets.csv of a shelter's adoptable animals (no row when none is listed, which removes the last listing), and its photos' names. */
export function adoptapetFile(animals: readonly PublishableAnimal[], today: string): SiteFile {
  const { listings, listed } = listEach(animals, (animal) => adoptapetListing(animal, today));
  const rows = listed.map(({ cells }) => cells);
  const photos = listed.flatMap(({ animal }) =>
    adoptapetPhotoNames(animal).map((name, i) => ({ name, url: animal.photoUrls[i] as string })),
  );
  return { path: 'pets.csv', content: csvRows(rows), listings, photos };
}

/**
 * What a publisher sends of an animal to an adoption site, and a site's file of them. The animal is
 * given as publishing needs it (the record as the API shows it, its species' name and its photos'
 * addresses), so that each site's format is a pure mapping from this vocabulary to the site's.
 */

/** An animal as a site's file is made from. */
export interface PublishableAnimal {
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
  /** The species' name as the species list gives it (Petfinder's types), or null when unknown. */
  readonly speciesName: string | null;
  readonly breeds: { readonly primary: string; readonly secondary: string | null; readonly mixed: boolean } | null;
  readonly sex: 'female' | 'male' | 'unknown' | null;
  readonly ageGroup: 'baby' | 'young' | 'adult' | 'senior' | null;
  readonly birthDate: { readonly date: string; readonly exact: boolean } | null;
  readonly size: 'small' | 'medium' | 'large' | 'extra-large' | null;
  readonly coat: string | null;
  readonly colors: { readonly primary: string; readonly secondary: string | null } | null;
  readonly goodWith: { readonly children: boolean | null; readonly dogs: boolean | null; readonly cats: boolean | null };
  readonly attributes: {
    readonly spayedNeutered: boolean | null;
    readonly houseTrained: boolean | null;
    readonly specialNeeds: boolean | null;
    readonly specialNeedsDetails: string | null;
    readonly shotsCurrent: boolean | null;
    readonly microchipped: boolean | null;
  };
  readonly description: string | null;
  readonly adoptionFee: { readonly amount: number; readonly currency: string } | null;
  readonly tags: readonly string[];
  /** The photos' addresses, primary first. */
  readonly photoUrls: readonly string[];
}

/** One animal in a site's file (its cells, in the file's columns, and what did not map), or why it is not there. */
export type Listing =
  | { readonly kind: 'listed'; readonly cells: readonly string[]; readonly notes: readonly string[] }
  | { readonly kind: 'skipped'; readonly reason: string };

/** The sizes the three sites take, S to XL, for this API's. */
export const SITE_SIZES = { small: 'S', medium: 'M', large: 'L', 'extra-large': 'XL' } as const;
/** The age groups the three sites show, for this API's. */
export const SITE_AGES = { baby: 'Baby', young: 'Young', adult: 'Adult', senior: 'Senior' } as const;

/**
 * The age group a site shows: the animal's own, else the first of `bands` (ages in days it is
 * under: baby, young, adult) that its birth date on `today` (YYYY-MM-DD) falls in, else senior; null
 * with neither.
 */
export function siteAgeOf(animal: PublishableAnimal, today: string, bands: readonly [number, number, number]): string | null {
  if (animal.ageGroup !== null) return SITE_AGES[animal.ageGroup];
  if (animal.birthDate === null) return null;
  const days = (Date.parse(today) - Date.parse(animal.birthDate.date)) / 86_400_000;
  const [baby, young, adult] = bands;
  return SITE_AGES[days < baby ? 'baby' : days < young ? 'young' : days < adult ? 'adult' : 'senior'];
}

/** Each animal's listing by id, and the animals listed with their rows, in the order given. */
export function listEach<A extends PublishableAnimal>(
  animals: readonly A[],
  listingOf: (animal: A) => Listing,
): { listings: ReadonlyMap<number, Listing>; listed: { animal: A; cells: readonly string[] }[] } {
  const listings = new Map<number, Listing>();
  const listed: { animal: A; cells: readonly string[] }[] = [];
  for (const animal of animals) {
    const listing = listingOf(animal);
    listings.set(animal.id, listing);
    if (listing.kind === 'listed') listed.push({ animal, cells: listing.cells });
  }
  return { listings, listed };
}

/** A CSV value: always quoted, a quote doubled. */
const quoted = (value: string): string => `"${value.replaceAll('"', '""')}"`;

/** CSV rows, every value quoted, each line ended by `\n`; empty when there is no row. */
export function csvRows(rows: readonly (readonly string[])[]): string {
  return rows.map((cells) => cells.map(quoted).join(',') + '\n').join('');
}

/** A CSV file of a header and rows; the header alone when there is no row. */
export function csvFile(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return csvRows([columns, ...rows]);
}

/**
 * A site's file: its path on the site's FTP server, its content, each animal's listing by id, and the
 * photos uploaded beside it (their names, relative to the file's folder, and where to read them), when the
 * site takes files.
 */
export interface SiteFile {
  readonly path: string;
  readonly content: string;
  readonly listings: ReadonlyMap<number, Listing>;
  readonly photos: readonly { readonly name: string; readonly url: string }[];
}

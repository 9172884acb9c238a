/**
 * Places: where an animal or an organization can be met, as coarse as a postal code (its city,
 * region and country). A street address is an organization's own public text; a foster home is a
 * postal code alone, and coordinates are never taken or served.
 */
import { ValidationError } from './errors.js';
import type { Coordinates, DistanceUnit } from './geo.js';

export interface Place {
  readonly postalCode: string;
  readonly city: string;
  /** The region's code in its country: a US state or territory (NY, PR). */
  readonly region: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
}

/** Whether two places (or none) are the same postal code of the same country. */
export function sameCode(a: Place | null, b: Place | null): boolean {
  return a === null || b === null ? a === b : a.postalCode === b.postalCode && a.country === b.country;
}

/** A place as a client names it: a postal code, and its country (US when left out). */
export interface PlaceInput {
  readonly postalCode?: string | null;
  readonly country?: string | null;
}

/** The offline postal-code dataset: what it covers, and each code's place. */
export interface Gazetteer {
  /** The countries whose postal codes it knows (ISO 3166-1 alpha-2). */
  readonly countries: readonly string[];
  /** The place of a postal code in a covered country, or null when the code is not known there. */
  find(country: string, postalCode: string): Place | null;
  /** Whether `region` is a region code of the covered `country`. */
  hasRegion(country: string, region: string): boolean;
  /** The centre of a postal code of a covered country, or null when the code is not known there. */
  position(country: string, postalCode: string): Coordinates | null;
  /**
   * The postal codes of `country` whose centres lie within `radiusKm` of `center` (on the edge
   * included), each with its distance in km, nearest first and then by code.
   */
  near(country: string, center: Coordinates, radiusKm: number): readonly NearbyCode[];
}

export interface NearbyCode {
  readonly postalCode: string;
  readonly km: number;
}

export const DEFAULT_COUNTRY = 'US';

/** The country to read a postal code in: `country`, which must be covered; `field` names it in the error. */
export function coveredCountry(country: string | null | undefined, gazetteer: Gazetteer, field: string): string {
  const chosen = country ?? DEFAULT_COUNTRY;
  if (!gazetteer.countries.includes(chosen)) {
    throw new ValidationError(
      field,
      `${field} ${JSON.stringify(chosen)} is not covered: postal codes are known for ${gazetteer.countries.join(', ')} only`,
    );
  }
  return chosen;
}

/** The place of `postalCode` in `country`; `field` names the postal code in the error when it is unknown. */
export function placeOfCode(postalCode: string, country: string, gazetteer: Gazetteer, field: string): Place {
  const place = gazetteer.find(country, postalCode);
  if (place === null) {
    throw new ValidationError(
      field,
      `${field} ${JSON.stringify(postalCode)} is not a known postal code of ${country}${country === 'US' ? ' (a ZIP code: 5 digits, such as 10001)' : ''}`,
    );
  }
  return place;
}

/** The place a client names (`postalCode` required, `country` US by default); `field` is where it was given. */
export function placeOf(input: PlaceInput, gazetteer: Gazetteer, field: string): Place {
  const country = coveredCountry(input.country, gazetteer, `${field}.country`);
  if (input.postalCode === undefined || input.postalCode === null) {
    throw new ValidationError(`${field}.postalCode`, `${field}.postalCode is required when ${field} is given`);
  }
  return placeOfCode(input.postalCode, country, gazetteer, `${field}.postalCode`);
}

/** The index of the first of `codes` (nearest first) at `km` or beyond. */
export function firstCodeFrom(codes: readonly NearbyCode[], km: number): number {
  let low = 0;
  let high = codes.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((codes[mid] as NearbyCode).km < km) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The postal codes within a radius of a place, each with its distance in km, and the unit to serve
 * distances in. The codes' list and their lookup by code are made on first use: a search by distance
 * needs neither.
 */
export class NearPlace {
  private codeList: readonly string[] | undefined;
  private kmByCode: ReadonlyMap<string, number> | undefined;

  constructor(
    /** Nearest first, then by code. */
    readonly codes: readonly NearbyCode[],
    readonly unit: DistanceUnit,
    /** Where the search reaches: the place's centre and the radius, in km. */
    readonly center: Coordinates,
    readonly radiusKm: number,
  ) {}

  get postalCodes(): readonly string[] {
    return (this.codeList ??= this.codes.map((code) => code.postalCode));
  }

  get kmOf(): ReadonlyMap<string, number> {
    return (this.kmByCode ??= new Map(this.codes.map((code) => [code.postalCode, code.km])));
  }
}

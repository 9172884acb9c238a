/**
 * Near a place, for every search that asks (animals and organizations alike): one service, one
 * cache of the codes within reach, one wording of what is wrong with a place or a radius.
 */
import { coveredCountry, NearPlace, placeOfCode, type Gazetteer } from '../../../domain/shared/place.js';
import { parseCoordinates, parseRadius, toKm, type Coordinates } from '../../../domain/shared/geo.js';
import { ValidationError } from '../../../domain/shared/errors.js';

/**
 * What `near` (a postal code, `94110` or `94110,US`, or `lat,lng`) and `radius` (`25`, `25mi`,
 * `40km`; 100 miles by default) name: the codes within reach. A place the dataset does not know is refused.
 *
 * The codes within reach of a place are the same for every request that names it, and cost the
 * more the wider the radius (some 7,000 codes at 500 miles): the answers for the places asked last
 * are kept, up to `maxCodes` codes in all (about 60 bytes each, 120 once a search not by distance
 * has made their lookups: 15 to 30 MB at most), and the one used longest ago goes first.
 */
export class NearbyPlaces {
  private readonly kept = new Map<string, NearPlace>();
  private codesKept = 0;

  constructor(
    private readonly gazetteer: Gazetteer,
    private readonly maxCodes = 250_000,
  ) {}

  /** The place `near` and `radius` name; null without `near` (a radius alone is refused: it needs a place). */
  from(near: string | undefined, radiusText: string | undefined): NearPlace | null {
    if (near !== undefined) return this.of(near, radiusText);
    if (radiusText !== undefined) {
      throw new ValidationError('radius', 'radius needs near: the place to measure from (near=94110 or near=37.75,-122.41)');
    }
    return null;
  }

  of(near: string, radiusText: string | undefined): NearPlace {
    const radius = parseRadius(radiusText);
    const center = parseCoordinates(near) ?? centreOfCode(this.gazetteer, near);
    const key = `${center.lat},${center.lng},${radius.value}${radius.unit}`;
    const found = this.kept.get(key);
    if (found !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const radiusKm = toKm(radius.value, radius.unit);
    const place = new NearPlace(this.gazetteer.near('US', center, radiusKm), radius.unit, center, radiusKm);
    this.keep(key, place);
    return place;
  }

  private keep(key: string, place: NearPlace): void {
    if (place.codes.length > this.maxCodes) return;
    this.kept.set(key, place);
    this.codesKept += place.codes.length;
    for (const [oldest, dropped] of this.kept) {
      if (this.codesKept <= this.maxCodes) break;
      this.kept.delete(oldest);
      this.codesKept -= dropped.codes.length;
    }
  }
}

function centreOfCode(gazetteer: Gazetteer, text: string): Coordinates {
  const [code = '', country, ...rest] = text.split(',').map((part) => part.trim());
  if (rest.length > 0 || code === '') {
    throw new ValidationError(
      'near',
      `near ${JSON.stringify(text)} is not a place: give a postal code (94110, or 94110,US) or lat,lng (37.75,-122.41)`,
    );
  }
  const chosen = coveredCountry(country, gazetteer, 'near');
  const place = placeOfCode(code, chosen, gazetteer, 'near');
  const at = gazetteer.position(chosen, place.postalCode);
  if (at === null) throw new ValidationError('near', `near ${JSON.stringify(text)}: the postal code has no known position to measure from`);
  return at;
}

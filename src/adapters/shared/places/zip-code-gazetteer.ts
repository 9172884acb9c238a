/**
 * The offline postal-code dataset: the `zipcodes` package's US ZIP codes (42,555, each with its city
 * and state; BSD licence, from federalgovernmentzipcodes.us). Nothing is ever asked of a geocoder
 * over the network. Read on first use (about 0.2 s), then one Map lookup per code; a ZIP+4
 * (12345-6789) is read as its five-digit ZIP, the coarse place that is stored and served.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Gazetteer, NearbyCode, Place } from '../../../domain/shared/place.js';
import { distanceKm, type Coordinates } from '../../../domain/shared/geo.js';

interface ZipEntry {
  readonly zip: string;
  readonly city: string;
  readonly state: string;
  readonly latitude: number;
  readonly longitude: number;
}

/** A code's centre, kept in a grid of one-degree cells so that a radius reads only the cells it can reach. */
interface Located {
  readonly postalCode: string;
  readonly at: Coordinates;
}

const cellOf = (lat: number, lng: number): number => (Math.floor(lat) + 90) * 360 + (Math.floor(lng) + 180);

const ZIP = /^([0-9]{5})(?:-[0-9]{4})?$/;

/**
 * The package's table, read as the JSON it is (`exports.codes = {...};`), faster than evaluating the
 * module and without keeping it: only the places built from it stay.
 */
function readCodes(): Record<string, ZipEntry> {
  const file = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
  const source = readFileSync(file, 'utf8');
  const head = 'exports.codes = ';
  const start = source.indexOf(head);
  const next = source.indexOf('exports.stateMap');
  if (start < 0 || next < start)
    throw new Error(`${file} is not the table this service reads (exports.codes = {...}; exports.stateMap = ...)`);
  return JSON.parse(
    source
      .slice(start + head.length, next)
      .trim()
      .replace(/;$/, ''),
  ) as Record<string, ZipEntry>;
}

interface Dataset {
  readonly places: ReadonlyMap<string, Place>;
  readonly regions: ReadonlySet<string>;
  readonly positions: ReadonlyMap<string, Coordinates>;
  readonly cells: ReadonlyMap<number, readonly Located[]>;
}

let loaded: Dataset | undefined;

function dataset(): Dataset {
  if (loaded === undefined) {
    const codes = readCodes();
    const places = new Map<string, Place>();
    const regions = new Set<string>();
    const positions = new Map<string, Coordinates>();
    const cells = new Map<number, Located[]>();
    const names = new Map<string, string>();
    const shared = (text: string) => names.get(text) ?? (names.set(text, text), text);
    for (const entry of Object.values(codes)) {
      places.set(entry.zip, { postalCode: entry.zip, city: shared(entry.city), region: shared(entry.state), country: 'US' });
      regions.add(entry.state);
      // A few codes (military mail) have no position: they are found by code, never by distance.
      if (!Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude) || (entry.latitude === 0 && entry.longitude === 0))
        continue;
      const at = { lat: entry.latitude, lng: entry.longitude };
      positions.set(entry.zip, at);
      const cell = cellOf(at.lat, at.lng);
      const inCell = cells.get(cell);
      if (inCell === undefined) cells.set(cell, [{ postalCode: entry.zip, at }]);
      else inCell.push({ postalCode: entry.zip, at });
    }
    loaded = { places, regions, positions, cells };
  }
  return loaded;
}

export class ZipCodeGazetteer implements Gazetteer {
  readonly countries = ['US'] as const;

  find(country: string, postalCode: string): Place | null {
    const zip = country === 'US' ? ZIP.exec(postalCode)?.[1] : undefined;
    return zip === undefined ? null : (dataset().places.get(zip) ?? null);
  }

  hasRegion(country: string, region: string): boolean {
    return country === 'US' && dataset().regions.has(region);
  }

  position(country: string, postalCode: string): Coordinates | null {
    const zip = country === 'US' ? ZIP.exec(postalCode)?.[1] : undefined;
    return zip === undefined ? null : (dataset().positions.get(zip) ?? null);
  }

  near(country: string, center: Coordinates, radiusKm: number): readonly NearbyCode[] {
    if (country !== 'US') return [];
    const { cells } = dataset();
    // A degree of latitude is at least 110.5 km; of longitude, that times the cosine of the latitude
    // furthest from the equator the radius reaches.
    const latSpan = radiusKm / 110.5;
    const farthest = Math.min(89.9, Math.abs(center.lat) + latSpan);
    const lngSpan = Math.min(180, radiusKm / (110.5 * Math.cos((farthest * Math.PI) / 180)));
    const found: NearbyCode[] = [];
    const [lngFrom, lngTo] = lngSpan >= 180 ? [-180, 179] : [Math.floor(center.lng - lngSpan), Math.floor(center.lng + lngSpan)];
    for (let lat = Math.floor(center.lat - latSpan); lat <= Math.floor(center.lat + latSpan); lat++) {
      for (let step = lngFrom; step <= lngTo; step++) {
        // Longitudes wrap at the antimeridian.
        const lng = ((((step + 180) % 360) + 360) % 360) - 180;
        for (const code of cells.get(cellOf(lat, lng)) ?? []) {
          const km = distanceKm(center, code.at);
          if (km <= radiusKm) found.push({ postalCode: code.postalCode, km });
        }
      }
    }
    return found.sort((a, b) => a.km - b.km || (a.postalCode < b.postalCode ? -1 : 1));
  }

  /** Reads the dataset now, so that no request waits for it. */
  load(): void {
    dataset();
  }
}

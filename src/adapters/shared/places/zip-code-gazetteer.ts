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

/**
 * The codes whose centres lie in one cell of a grid of quarter degrees, so that a radius reads only
 * the cells it can reach; each centre also as a point on the unit sphere (x, y, z), so that most codes
 * out of reach are told apart by a straight-line distance, without trigonometry.
 */
interface Cell {
  readonly codes: { readonly postalCode: string; readonly at: Coordinates }[];
  readonly points: number[];
}

/** Cells per degree, on both axes. */
const CELLS_PER_DEGREE = 4;
const COLUMNS = 360 * CELLS_PER_DEGREE;
const cellOf = (row: number, column: number): number => (row + 90 * CELLS_PER_DEGREE) * COLUMNS + column;
const rowOf = (lat: number): number => Math.floor(lat * CELLS_PER_DEGREE);
/** The column of a step east of the antimeridian's cell (`floor(lng * CELLS_PER_DEGREE)`), wrapped around it. */
const columnOf = (step: number): number => (((step + 180 * CELLS_PER_DEGREE) % COLUMNS) + COLUMNS) % COLUMNS;
const RAD = Math.PI / 180;
const EARTH_RADIUS_KM = 6_371.008_8;

function pointOf(at: Coordinates): [number, number, number] {
  const lat = at.lat * RAD;
  const lng = at.lng * RAD;
  return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
}

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
  readonly cells: ReadonlyMap<number, Cell>;
}

let loaded: Dataset | undefined;

function dataset(): Dataset {
  if (loaded === undefined) {
    const codes = readCodes();
    const places = new Map<string, Place>();
    const regions = new Set<string>();
    const positions = new Map<string, Coordinates>();
    const cells = new Map<number, Cell>();
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
      const key = cellOf(rowOf(at.lat), columnOf(Math.floor(at.lng * CELLS_PER_DEGREE)));
      let cell = cells.get(key);
      if (cell === undefined) cells.set(key, (cell = { codes: [], points: [] }));
      cell.codes.push({ postalCode: entry.zip, at });
      cell.points.push(...pointOf(at));
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
    const lngSpan = Math.min(180, radiusKm / (110.5 * Math.cos(farthest * RAD)));
    const [fromColumn, toColumn] =
      lngSpan >= 180
        ? [0, COLUMNS - 1]
        : [Math.floor((center.lng - lngSpan) * CELLS_PER_DEGREE), Math.floor((center.lng + lngSpan) * CELLS_PER_DEGREE)];
    // Within reach: a chord of at most 2 sin(r / 2R) (a hair more, so that no code on the edge is
    // lost to rounding); the distance served is the haversine's, as everywhere else.
    const chord = 2 * Math.sin(Math.min(Math.PI, radiusKm / EARTH_RADIUS_KM) / 2);
    const reach = chord * chord * (1 + 1e-9);
    const [x, y, z] = pointOf(center);
    const found: NearbyCode[] = [];
    for (let row = rowOf(center.lat - latSpan); row <= rowOf(center.lat + latSpan); row++) {
      for (let step = fromColumn; step <= toColumn; step++) {
        const cell = cells.get(cellOf(row, columnOf(step)));
        if (cell === undefined) continue;
        const { codes, points } = cell;
        for (let index = 0; index < codes.length; index++) {
          const dx = points[3 * index]! - x;
          const dy = points[3 * index + 1]! - y;
          const dz = points[3 * index + 2]! - z;
          if (dx * dx + dy * dy + dz * dz > reach) continue;
          const code = codes[index]!;
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

/**
 * Saved searches matched against a changed animal without evaluating each one (percolation): every
 * saved search is indexed under a few terms, its most selective condition (its organizations, else
 * the place cells its circle touches, else its species, else `any`), and an animal names the terms
 * it could be found under (its organization, its place's cells, its species, `any`). Only the
 * searches indexed under one of an animal's terms are evaluated; a search that matches an animal
 * always shares a term with it (the index never misses one), so every store (a map of terms in
 * memory, a multikey index in MongoDB) answers by lookups, in time that does not grow with the
 * number of searches.
 */
import type { Coordinates } from '../shared/geo.js';
import type { Pet } from './pet.js';
import type { PetFilter } from './pet-search.js';

/**
 * The grid of place cells, fine to coarse: a cell is `size` degrees of latitude by as many of
 * longitude (each size divides 360). A search is indexed at the finest size at which its circle touches at most
 * MAX_CELLS cells; an animal names its cell at every size.
 */
export const CELL_SIZES = [0.25, 1, 5, 20] as const;
export const MAX_CELLS = 16;
/** Kilometres in a degree of latitude (and of longitude at the equator), on the mean Earth radius. */
const KM_PER_DEGREE = (6_371.008_8 * Math.PI) / 180;

/** Where a saved search reaches: the centre of its place and its radius. */
export interface Reach {
  readonly center: Coordinates;
  readonly radiusKm: number;
}

/** What the index needs of a saved search: its filter (postal codes within reach resolved) and its reach, if any. */
export interface Percolated {
  readonly filter: PetFilter;
  readonly reach: Reach | null;
}

const cellIndex = (degrees: number, size: number) => Math.floor(degrees / size);
const cellTerm = (size: number, row: number, column: number) => `cell:${size}:${row}:${column}`;

/** The columns of longitude a box spans, wrapped at the antimeridian; every column when it spans the globe. */
function columnsOf(west: number, east: number, size: number): number[] {
  const count = 360 / size;
  // Stryker disable next-line EqualityOperator: a box exactly 360 wide gives every column by the loop too (one twice)
  if (east - west >= 360) return Array.from({ length: count }, (_, i) => i - count / 2);
  const columns: number[] = [];
  for (let column = cellIndex(west, size); column <= cellIndex(east, size); column++) {
    // Stryker disable next-line ArithmeticOperator: adding or taking count / 2 differ by count, the same modulo count
    columns.push(((((column + count / 2) % count) + count) % count) - count / 2);
  }
  return columns;
}

/**
 * The cells of `size` degrees that the circle touches, by its bounding box: every point within the
 * radius is in one of them (the box is wider at the latitude farther from the equator).
 */
export function cellsAround(reach: Reach, size: number): string[] {
  // 10 m more than the radius: a code on the circle's edge is never lost to rounding.
  const latSpan = (reach.radiusKm + 0.01) / KM_PER_DEGREE;
  const south = Math.max(-90, reach.center.lat - latSpan);
  const north = Math.min(90, reach.center.lat + latSpan);
  const widest = Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: cos(90°) is 6e-17, not 0: at a pole the span is over 360 either way
  const lngSpan = widest > 0 ? latSpan / widest : 360;
  const columns = columnsOf(reach.center.lng - lngSpan, reach.center.lng + lngSpan, size);
  const terms: string[] = [];
  for (let row = cellIndex(south, size); row <= cellIndex(north, size); row++) {
    for (const column of columns) terms.push(cellTerm(size, row, column));
  }
  return terms;
}

/** The cell of `size` degrees a point is in. */
export function cellOf(at: Coordinates, size: number): string {
  return cellTerm(size, cellIndex(at.lat, size), columnsOf(at.lng, at.lng, size)[0] as number);
}

/** The terms a saved search is indexed under: its most selective condition's values. */
export function searchTerms(search: Percolated): string[] {
  const { filter, reach } = search;
  if (filter.ownerIds !== undefined) return filter.ownerIds.map((owner) => `owner:${owner}`);
  if (reach !== null) {
    for (const size of CELL_SIZES) {
      const cells = cellsAround(reach, size);
      if (cells.length <= MAX_CELLS || size === CELL_SIZES[CELL_SIZES.length - 1]) return cells;
    }
  }
  if (filter.species !== undefined) return filter.species.map((species) => `species:${species}`);
  return ['any'];
}

/** The terms an animal could be found under; `position` is its place's centre (null while it has no place). */
export function petTerms(pet: Pet, position: Coordinates | null): string[] {
  const terms = ['any'];
  if (pet.ownerId !== null) terms.push(`owner:${pet.ownerId}`);
  if (pet.species !== null) terms.push(`species:${pet.species}`);
  if (position !== null) for (const size of CELL_SIZES) terms.push(cellOf(position, size));
  return terms;
}

/**
 * Whether a change makes the animal enter a search's matches: it matches after the change and did
 * not before (a new animal did not before). Leaving the matches, being removed, or changing while it
 * keeps matching is no entry: one alert per entry.
 */
export function entersMatches(matches: (pet: Pet) => boolean, before: Pet | null, after: Pet | null): boolean {
  return after !== null && matches(after) && (before === null || !matches(before));
}

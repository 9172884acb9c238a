/**
 * The offline postal-code dataset: the `zipcodes` package's US ZIP codes (42,555, each with its city
 * and state; BSD licence, from federalgovernmentzipcodes.us). Nothing is ever asked of a geocoder
 * over the network. Read on first use (about 0.2 s), then one Map lookup per code; a ZIP+4
 * (12345-6789) is read as its five-digit ZIP, the coarse place that is stored and served.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Gazetteer, Place } from '../../../domain/shared/place.js';

interface ZipEntry {
  readonly zip: string;
  readonly city: string;
  readonly state: string;
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

let loaded: { readonly places: ReadonlyMap<string, Place>; readonly regions: ReadonlySet<string> } | undefined;

function dataset() {
  if (loaded === undefined) {
    const codes = readCodes();
    const places = new Map<string, Place>();
    const regions = new Set<string>();
    const names = new Map<string, string>();
    const shared = (text: string) => names.get(text) ?? (names.set(text, text), text);
    for (const entry of Object.values(codes)) {
      places.set(entry.zip, { postalCode: entry.zip, city: shared(entry.city), region: shared(entry.state), country: 'US' });
      regions.add(entry.state);
    }
    loaded = { places, regions };
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

  /** Reads the dataset now, so that no request waits for it. */
  load(): void {
    dataset();
  }
}

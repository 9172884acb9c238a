/**
 * The offline postal-code dataset: the `zipcodes` package's US ZIP codes (42,555, each with its city
 * and state; BSD licence, from federalgovernmentzipcodes.us). Nothing is ever asked of a geocoder
 * over the network. Read on first use (about half a second), then one Map lookup per code; a ZIP+4
 * (12345-6789) is read as its five-digit ZIP, the coarse place that is stored and served.
 */
import { createRequire } from 'node:module';
import type { Gazetteer, Place } from '../../../domain/shared/place.js';

interface ZipEntry {
  readonly zip: string;
  readonly city: string;
  readonly state: string;
}

const ZIP = /^([0-9]{5})(?:-[0-9]{4})?$/;

let loaded: { readonly places: ReadonlyMap<string, Place>; readonly regions: ReadonlySet<string> } | undefined;

function dataset() {
  if (loaded === undefined) {
    const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as { codes: Record<string, ZipEntry> };
    const places = new Map<string, Place>();
    const regions = new Set<string>();
    for (const entry of Object.values(codes)) {
      places.set(entry.zip, { postalCode: entry.zip, city: entry.city, region: entry.state, country: 'US' });
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

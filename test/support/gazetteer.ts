/** The offline postal-code dataset the app uses, for tests that build use cases by hand (read once, on first use). */
import { createRequire } from 'node:module';
import { ZipCodeGazetteer } from '../../src/adapters/shared/places/zip-code-gazetteer.js';

export const gazetteer = new ZipCodeGazetteer();

const zipcodes = createRequire(import.meta.url)('zipcodes') as { lookup(zip: string): { latitude: number; longitude: number } };

/** The tests' reference for a distance: haversine between two ZIP codes' centres (R = 6,371 km), in miles, from the dataset itself. */
export function referenceMiles(from: string, to: string): number {
  const [a, b] = [zipcodes.lookup(from), zipcodes.lookup(to)];
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return (2 * 6_371 * Math.asin(Math.sqrt(h))) / 1.609344;
}

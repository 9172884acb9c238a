/** The offline postal-code dataset the app uses, for tests that build use cases by hand (read once, on first use). */
import { ZipCodeGazetteer } from '../../src/adapters/shared/places/zip-code-gazetteer.js';

export const gazetteer = new ZipCodeGazetteer();

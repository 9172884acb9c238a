// npm run bench:alerts: what matching an animal's change against saved searches costs as the number
// of searches grows. For each of ALERT_SIZES (1000,10000,100000) saved searches, saved through the
// use case (its checks, its place resolved) over a country's postal codes (the search world's 2,000
// shelters' ZIP codes: near one, within 10, 25 or 50 miles, for a species, some for an age or good
// with children; one in twenty for an organization instead), ALERT_CHANGES (10,000) animals are
// created (the search world's animals) and matched as the relay does, ALERT_BATCH (100) changes a
// pass. Prints per size: CPU per change, the searches the index hands out per pass, the alerts made per change,
// alerts a second, each pass's matching time p50/p99 (what an alert waits for on top of the relay's
// 200 ms interval), and the heap per saved search. Then a second table: the smallest size's searches
// near the shelters and the rest (10 miles, around the country's other ZIP codes) sharing no index
// term with any changed animal, so each change matches as many at every size: what the searches a
// change does not reach cost it. On memory, the store the in-memory set uses.
// Times nothing a test checks; run with --expose-gc for the heap figures.
import 'reflect-metadata';
import { MemorySavedSearchStore } from '../src/adapters/adoption/memory/memory-saved-search-store.js';
import { ZipCodeGazetteer } from '../src/adapters/shared/places/zip-code-gazetteer.js';
import { SearchAlerts } from '../src/application/adoption/services/search-alerts.js';
import { SavedSearches } from '../src/application/adoption/use-cases/saved-searches.js';
import { NearbyPlaces } from '../src/application/shared/services/nearby-places.js';
import type { Clock } from '../src/application/shared/ports/clock.js';
import { petCreated, type FeedEvent } from '../src/domain/adoption/feed-event.js';
import { newPetDraft, petOf } from '../src/domain/adoption/pet.js';
import type { SavedSearch } from '../src/domain/adoption/saved-search.js';
import type { SavedSearchInput } from '../src/application/adoption/use-cases/saved-searches.js';
import { locatedCodes, SEARCH_SHELTERS, searchRecord, seededRandom, shelterCodes, shelterPlace } from './records.js';

const sizes = (process.env.ALERT_SIZES ?? '1000,10000,100000').split(',').map(Number);
const changes = Number(process.env.ALERT_CHANGES ?? 10_000);
const batch = Number(process.env.ALERT_BATCH ?? 100);
const SPECIES = ['dog', 'cat', 'rabbit', 'bird'];
const RADII = ['10', '25', '50'];

const gazetteer = new ZipCodeGazetteer();
const codes = shelterCodes(SEARCH_SHELTERS);
const allCodes = locatedCodes();
const startMs = Date.parse('2026-12-01T00:00:00.000Z');
const clock: Clock = { nowMs: () => startMs };
const gc = (globalThis as { gc?: () => void }).gc;

type Saver = (search: SavedSearchInput, i: number) => Promise<SavedSearch>;

/** A store with the use case that saves into it (its checks, its place resolved), and the heap it started at. */
function aStore(): { store: MemorySavedSearchStore; save: Saver; heapBefore: number } {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const store = new MemorySavedSearchStore();
  const searches = new SavedSearches(store, new NearbyPlaces(gazetteer), clock);
  const save: Saver = (search, i) => searches.create(search, { ownerId: `partner_${i % 50}`, keyId: 'bench' }, 'enterprise');
  return { store, save, heapBefore };
}

/** `count` adopters' searches near the shelters (`codes`), drawn from `seed`. */
async function nearShelters(save: Saver, count: number, seed: number, from = 0): Promise<void> {
  const next = seededRandom(seed);
  for (let i = from; i < from + count; i++) {
    const species = SPECIES[Math.floor(next() * SPECIES.length)] as string;
    const shelter = Math.floor(next() * codes.length);
    const byOrganization = next() < 0.05;
    const extra = next();
    await save(
      {
        label: `Adopter ${i}`,
        reference: `adopter-${i}`,
        filter: {
          species: [species],
          ...(extra < 0.25 && { ageGroup: ['young' as const] }),
          ...(extra >= 0.25 && extra < 0.4 && { goodWithChildren: true }),
          ...(byOrganization && { ownerIds: [`org_${shelter}`] }),
        },
        ...(!byOrganization && { near: codes[shelter] as string, radius: RADII[Math.floor(next() * RADII.length)] as string }),
      },
      i,
    );
  }
}

/**
 * `count` adopters' searches (10 miles, a species) around the country's other postal codes that share
 * no index term with any of the changed animals: adopters where no animal of these changes is near.
 */
async function elsewhere(store: MemorySavedSearchStore, save: Saver, count: number, animalTerms: ReadonlySet<string>): Promise<void> {
  const next = seededRandom(count + 7);
  let saved = 0;
  for (let n = 0; saved < count; n++) {
    if (n === allCodes.length && saved === 0) throw new Error("no postal code is out of every changed animal's reach");
    const near = allCodes[n % allCodes.length] as string;
    const search = await save(
      {
        label: `Adopter far ${saved}`,
        reference: `far-${saved}`,
        filter: { species: [SPECIES[Math.floor(next() * SPECIES.length)] as string] },
        near,
        radius: '10',
      },
      saved,
    );
    if (search.terms.some((term) => animalTerms.has(term))) await store.remove(search.id, search.version);
    else saved += 1;
  }
}

/** The search world's animals as created: one pet.created each, in the order made. */
function creations(): FeedEvent[] {
  const at = new Date(startMs + 60_000).toISOString();
  return Array.from({ length: changes }, (_, i) => {
    const { owner, record } = searchRecord(i, codes);
    const home = shelterPlace(codes, i % codes.length);
    const pet = petOf(i + 1, newPetDraft({ name: `Pet ${i}`, categoryId: 1, status: 'available', ...record }, owner, at, home));
    return petCreated(
      { id: `evt_${(startMs + 60_000).toString(36).padStart(9, '0')}${i.toString(36).padStart(4, '0')}bench0`, createdAt: at },
      pet,
    );
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

interface Measured {
  readonly perChange: number;
  readonly lookedUp: number;
  readonly alertsPerChange: number;
  readonly alertsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
}

/** The changes matched against `store`'s searches as the relay does, a pass of `batch` at a time. */
async function matchAll(store: MemorySavedSearchStore, events: readonly FeedEvent[]): Promise<Measured> {
  let evaluated = 0;
  const lookup = store.withAnyTerm.bind(store);
  const counted = Object.assign(Object.create(store) as MemorySavedSearchStore, {
    withAnyTerm: async (terms: readonly string[]) => {
      const found: SavedSearch[] = await lookup(terms);
      evaluated += found.length;
      return found;
    },
  });
  const alerts = new SearchAlerts(counted, gazetteer);
  // A warm-up pass over the first changes, not counted.
  await alerts.following(events.slice(0, batch));
  evaluated = 0;
  const passes: number[] = [];
  let made = 0;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let from = 0; from < events.length; from += batch) {
    const started = performance.now();
    const out = await alerts.following(events.slice(from, from + batch));
    passes.push(performance.now() - started);
    made += out.length - Math.min(batch, events.length - from);
  }
  const seconds = (performance.now() - wall) / 1000;
  const used = process.cpuUsage(cpu);
  passes.sort((a, b) => a - b);
  return {
    perChange: (used.user + used.system) / events.length,
    lookedUp: evaluated / (events.length / batch),
    alertsPerChange: made / events.length,
    alertsPerSecond: made / seconds,
    p50: percentile(passes, 0.5),
    p99: percentile(passes, 0.99),
  };
}

const row = (size: number, measured: Measured, heap: string) =>
  `${size.toLocaleString('en-US')} | ${measured.perChange.toFixed(1)} | ${Math.round(measured.lookedUp)} | ` +
  `${measured.alertsPerChange.toFixed(2)} | ${Math.round(measured.alertsPerSecond).toLocaleString('en-US')} | ` +
  `${measured.p50.toFixed(1)} / ${measured.p99.toFixed(1)} | ${heap}`;
const heapOf = (heapBefore: number, count: number) => {
  gc?.();
  return gc
    ? `${Math.round((process.memoryUsage().heapUsed - heapBefore) / count).toLocaleString('en-US')} B`
    : 'n/a (run with --expose-gc)';
};
const HEADER = `CPU µs per change | searches looked up per pass of changes | alerts per change | alerts/s | pass of ${batch} p50 / p99 ms | heap per search`;

const events = creations();
console.log(`Every search near a shelter (the more searches, the more each change matches):\nsaved searches | ${HEADER}`);
for (const size of sizes) {
  const { store, save, heapBefore } = aStore();
  await nearShelters(save, size, size);
  const heap = heapOf(heapBefore, size);
  console.log(row(size, await matchAll(store, events), heap));
}

// The same 1,000 searches near the shelters, and the rest where no changed animal is near: what the
// searches a change does not reach cost it.
const animalTerms = new Set([...new SearchAlerts(new MemorySavedSearchStore(), gazetteer).termsOfChanges(events).values()].flat());
const base = Math.min(...sizes);
console.log(
  `\n${base.toLocaleString('en-US')} searches near the shelters, the others elsewhere (each change matches as many):\nsaved searches | ${HEADER}`,
);
for (const size of sizes) {
  const { store, save, heapBefore } = aStore();
  await nearShelters(save, base, base);
  await elsewhere(store, save, size - base, animalTerms);
  const heap = heapOf(heapBefore, size);
  console.log(row(size, await matchAll(store, events), heap));
}

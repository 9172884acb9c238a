// npm run bench:move: what an organization's move costs. MOVE_ANIMALS animals (default 5,000) of
// one organization, four in five kept at its place and the fifth in foster homes, plus as many of
// another organization; then the organization moves (PATCH of its postal code, as its key sends it)
// MOVE_ROUNDS times (default 3) between two places. Prints, per move: the time until the change
// answers (its animals have moved by then), the pet writes and events it made, and the animals found
// near the new place right after; on memory, and on MongoDB with MOVE_MONGODB_URL=<url> (a database
// of its own, dropped where the server can drop one). Times nothing a test checks.
import { NearbyPlaces } from '../src/application/shared/services/nearby-places.js';
import 'reflect-metadata';
import { MongoClient, type Db } from 'mongodb';
import { MemoryPetRepository } from '../src/adapters/adoption/memory/memory-pet-repository.js';
import { MongoPetRepository } from '../src/adapters/adoption/mongo/mongo-pet-repository.js';
import { MemoryOrganizationStore } from '../src/adapters/organizations/memory/memory-organization-store.js';
import { MongoOrganizationStore } from '../src/adapters/organizations/mongo/mongo-organization-store.js';
import { MemoryAuditLog } from '../src/adapters/shared/memory/memory-audit-log.js';
import { ZipCodeGazetteer } from '../src/adapters/shared/places/zip-code-gazetteer.js';
import type { PetRepository } from '../src/application/adoption/ports/pet-repository.js';
import type { OrganizationStore } from '../src/application/organizations/ports/organization-store.js';
import { RelocatePets } from '../src/application/adoption/use-cases/relocate-pets.js';
import { ListPets } from '../src/application/adoption/use-cases/list-pets.js';
import { Organizations } from '../src/application/organizations/use-cases/organizations.js';
import { Auditor } from '../src/application/shared/services/auditor.js';
import { systemClock } from '../src/application/shared/ports/clock.js';
import { newPetDraft, type Pet } from '../src/domain/adoption/pet.js';
import type { FeedEvent } from '../src/domain/adoption/feed-event.js';
import { homePlacesOf } from '../src/config/modules/adoption.js';

const animals = Number(process.env.MOVE_ANIMALS ?? 5_000);
const rounds = Number(process.env.MOVE_ROUNDS ?? 3);
const mongoUrl = process.env.MOVE_MONGODB_URL;
const gazetteer = new ZipCodeGazetteer();
const PLACES = ['94110', '10001'] as const;

/** Counts the pet writes and the events they carry. */
function counted(pets: PetRepository): { pets: PetRepository; writes: () => number; events: () => number } {
  let writes = 0;
  let events = 0;
  const update = pets.update.bind(pets);
  pets.update = (pet: Pet, expectedVersion: number, outbox: readonly FeedEvent[]) => {
    writes++;
    events += outbox.length;
    return update(pet, expectedVersion, outbox);
  };
  return { pets, writes: () => writes, events: () => events };
}

async function run(name: string, pets: PetRepository, store: OrganizationStore): Promise<string[]> {
  const at = new Date().toISOString();
  const home = gazetteer.find('US', PLACES[0]);
  for (const id of ['org_moving', 'org_other']) {
    await store.add({
      id,
      name: id,
      email: null,
      phone: null,
      website: null,
      address: null,
      location: home,
      adoptionPolicyUrl: null,
      hours: null,
      createdAt: at,
      updatedAt: at,
      version: 1,
      relocating: false,
    });
  }
  const foster = gazetteer.find('US', '94601');
  for (let first = 0; first < 2 * animals; first += 100) {
    const adds = [];
    for (let i = first; i < Math.min(2 * animals, first + 100); i++) {
      const owner = i < animals ? 'org_moving' : 'org_other';
      const fields = { name: `Pet ${i}`, categoryId: 1, status: 'available' as const, ...(i % 5 === 0 && { location: foster }) };
      adds.push(pets.add(newPetDraft(fields, owner, at, home), () => []));
    }
    await Promise.all(adds);
  }
  const count = counted(pets);
  const homes = homePlacesOf(store);
  const relocate = new RelocatePets(count.pets, homes, systemClock);
  const organizations = new Organizations(
    store,
    gazetteer,
    new NearbyPlaces(gazetteer),
    new Auditor(new MemoryAuditLog(), systemClock),
    systemClock,
    {
      follow: async (id) => {
        await relocate.owner(id);
      },
    },
  );
  const list = new ListPets(count.pets, new NearbyPlaces(gazetteer), homes);
  const rows: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    const to = PLACES[round % 2] as string;
    const [writes, events] = [count.writes(), count.events()];
    const started = process.hrtime.bigint();
    await organizations.update('org_moving', { location: { postalCode: to } }, '*', { caller: { ownerId: 'org_moving', keyId: 'key' } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const near = await list.execute({ near: to, radius: '1', total: true, filter: { ownerIds: ['org_moving'] } });
    rows.push(
      `| ${name} | ${round} | ${to} | ${ms.toFixed(0)} | ${count.writes() - writes} | ${count.events() - events} | ${near.total?.value ?? 0}${near.total?.exact === false ? '+' : ''} |`,
    );
    process.stderr.write(`${name} move ${round}: ${ms.toFixed(0)} ms\n`);
  }
  return rows;
}

const rows = await run('memory', new MemoryPetRepository(), new MemoryOrganizationStore());
if (mongoUrl) {
  const client = await MongoClient.connect(mongoUrl);
  const db: Db = client.db(`move_bench_${Date.now()}`);
  await MongoPetRepository.ensureIndexes(db);
  await MongoOrganizationStore.ensureIndexes(db);
  try {
    rows.push(...(await run('MongoDB', new MongoPetRepository(db, 60_000), new MongoOrganizationStore(db, 60_000))));
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}
process.stdout.write(
  `\n${animals.toLocaleString('en-US')} animals of the organization that moves (${(animals * 0.8).toLocaleString('en-US')} at its place, the rest in foster homes), as many of another\n\n| storage | move | to | ms until the change answers | pet writes | events | its animals within 1 mile of the new place |\n|---|---:|---|---:|---:|---:|---:|\n${rows.join('\n')}\n`,
);

// The event relay's cost on MongoDB in commands: RELAY_MONGODB_URL=<url> npm run bench:relay.
// Writes RELAY_PETS animals (default 1,000) with their events, changes half of them and removes a
// tenth, then relays until nothing waits, counting the commands the relay sends by name. Commands
// are what a relay pass costs MongoDB whatever the server (a round trip and a write each); this
// bench times nothing. Writes to a new database, relay_bench_<time>, dropped at the end where the
// server can drop one (the MongoDB-compatible test server cannot).
import { MongoClient } from 'mongodb';
import { MongoEventFeed } from '../src/adapters/adoption/mongo/mongo-event-feed.js';
import { MongoPetRepository } from '../src/adapters/adoption/mongo/mongo-pet-repository.js';
import { MongoAdoptionRequestRepository } from '../src/adapters/adoption/mongo/mongo-adoption-request-repository.js';
import { EventRelay } from '../src/application/adoption/services/event-relay.js';
import { feedEvents } from '../src/application/adoption/services/feed-events.js';
import { systemClock } from '../src/application/shared/ports/clock.js';
import { newPetDraft } from '../src/domain/adoption/pet.js';

const url = process.env.RELAY_MONGODB_URL;
if (url === undefined) {
  console.error('Set RELAY_MONGODB_URL to a MongoDB (or the MongoDB-compatible test server) this bench may write to.');
  process.exit(2);
}
const count = Number(process.env.RELAY_PETS ?? 1_000);

const client = new MongoClient(url, { monitorCommands: true });
await client.connect();
const db = client.db(`relay_bench_${Date.now()}`);
await Promise.all([
  MongoPetRepository.ensureIndexes(db),
  MongoAdoptionRequestRepository.ensureIndexes(db),
  MongoEventFeed.ensureIndexes(db),
]);
const pets = new MongoPetRepository(db, 10_000);
const orders = new MongoAdoptionRequestRepository(db, 10_000);
const feed = new MongoEventFeed(db, 10_000);
const relay = new EventRelay([pets, orders], feed, systemClock, {
  holder: 'bench',
  leaseMs: 60_000,
  batch: 100,
  retentionMs: 30 * 86_400_000,
});

let events = 0;
const now = new Date().toISOString();
for (let i = 0; i < count; i++) {
  const pet = await pets.add(newPetDraft({ name: `Pet ${i}`, categoryId: 1, status: 'available' }, 'bench', now), (stored) =>
    feedEvents.petCreated(systemClock, stored),
  );
  events++;
  if (i % 2 === 0) {
    const renamed = { ...pet, name: `${pet.name} II`, version: pet.version + 1 };
    await pets.update(renamed, pet.version, feedEvents.petChanged(systemClock, pet, renamed));
    events++;
    if (i % 10 === 0) {
      await pets.remove(pet.id, renamed.version, feedEvents.petDeleted(systemClock, renamed));
      events++;
    }
  }
}

const commands = new Map<string, number>();
client.on('commandStarted', (event) => commands.set(event.commandName, (commands.get(event.commandName) ?? 0) + 1));
const started = process.hrtime.bigint();
let relayed = 0;
let passes = 0;
for (let moved = -1; moved !== 0; passes++) relayed += moved = await relay.pass();
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const total = [...commands.values()].reduce((sum, n) => sum + n, 0);
console.log(`${count} animals, ${events} events written, ${relayed} relayed in ${passes} passes (${ms.toFixed(0)} ms on this server)`);
console.log(`commands: ${total} in all, ${(total / relayed).toFixed(3)} per event relayed`);
for (const [name, n] of [...commands].sort((a, b) => b[1] - a[1]))
  console.log(`  ${name.padEnd(14)} ${String(n).padStart(6)}  ${(n / relayed).toFixed(3)} per event`);
const dropped = await db.dropDatabase().then(
  () => true,
  () => false,
);
if (!dropped) console.log(`${db.databaseName} left in place: this server cannot drop a database`);
await client.close();

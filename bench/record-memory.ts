// npm run bench:memory: what the in-memory store holds for 100,000 animals, with the seed's fields
// alone and with a full record each (its own description of 600 characters, breeds, colours, fee and
// tags), measured in one process after a full collection: the heap and the resident set it adds.
// BENCH_PETS sets the count.
import { MemoryPetRepository } from '../src/adapters/adoption/memory/memory-pet-repository.js';
import { newPetDraft } from '../src/domain/adoption/pet.js';
import { fullRecord } from './records.js';

const count = Number(process.env.BENCH_PETS ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory does)');

function settle(): NodeJS.MemoryUsage {
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage();
}

async function fill(full: boolean): Promise<{ heap: number; rss: number; repository: MemoryPetRepository }> {
  const before = settle();
  const repository = new MemoryPetRepository();
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    await repository.add(
      newPetDraft({ name: `Pet ${i}`, categoryId: 1 + (i % 50), status: 'available', ...(full && fullRecord(i)) }, 'bench', now),
      () => [],
    );
  }
  const after = settle();
  return { heap: after.heapUsed - before.heapUsed, rss: after.rss - before.rss, repository };
}

const mib = (bytes: number) => (bytes / 1_048_576).toFixed(1);
const seed = await fill(false);
const seedHeap = seed.heap;
const seedRss = seed.rss;
(seed as { repository: MemoryPetRepository | null }).repository = null;
settle();
const full = await fill(true);
console.log(`Node ${process.version}, ${count.toLocaleString('en')} animals in the memory store, after a full collection:`);
console.log('| record | heap added (MiB) | per animal (bytes) | resident set added (MiB) |');
console.log('|---|---:|---:|---:|');
console.log(`| seed fields only | ${mib(seedHeap)} | ${Math.round(seedHeap / count)} | ${mib(seedRss)} |`);
console.log(`| full record, 600-character description | ${mib(full.heap)} | ${Math.round(full.heap / count)} | ${mib(full.rss)} |`);
console.log(`(kept: ${(await full.repository.search({ filter: {}, order: 'id', limit: 1 })).length} listed)`);

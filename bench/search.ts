// npm run bench:search: what a search costs, against list20 on the same server in the same run.
// A server (bench/server.js, npm start's defaults: memory, LOG_LEVEL=info; SEARCH_MONGODB_URL=<url>
// for MongoDB, a database of its own per size) holding SEARCH_SIZES animals (10000,100000) of 2,000
// shelters spread over the US's ZIP codes; load in turn, SEARCH_ROUNDS (4) rounds of SEARCH_SECONDS
// (4) s each: list20, searchNear (dogs good with children within 25 miles of a shelter's ZIP code,
// a different one each request, nearest first) and searchNewest (young cats, newest first). Server
// CPU per request (from /proc, its core only) and the load generator's p50 and p99. The animals are
// the search world's (bench/records.ts): four in five at their shelter, the fifth in a foster home. With MongoDB,
// the plan of each query shape (explain) is printed: the index it walks, never COLLSCAN.
import { readFileSync } from 'node:fs';
import { MongoClient } from 'mongodb';
import {
  benchKeys,
  LIMITED_KEY,
  pinned,
  pinSelf,
  readyPort,
  SCRIPTS_DIR,
  type LoadOptions,
  type LoadResult,
  type Scenario,
} from './processes.js';
import { SEARCH_SHELTERS, shelterCodes } from './records.js';

const sizes = (process.env.SEARCH_SIZES ?? '10000,100000').split(',').map(Number);
const rounds = Number(process.env.SEARCH_ROUNDS ?? 4);
const seconds = Number(process.env.SEARCH_SECONDS ?? 4);
const mongoUrl = process.env.SEARCH_MONGODB_URL;
// SEARCH_SCENARIOS=list20,list20gzip,searchNear: others in turn (list20 always first: the others are read against it,
// and against listPages when it runs: list20 at 2,000 positions, a different page each request, whose animals'
// JSON is made anew as a near-search's is, where list20 sends one page's bytes kept from the last request).
const SCENARIOS = (process.env.SEARCH_SCENARIOS ?? 'list20,listPages,searchNear,searchNewest').split(',') as Scenario[];
if (SCENARIOS[0] !== 'list20') throw new Error('SEARCH_SCENARIOS must start with list20, the request the others are read against');
const keys = benchKeys(100);
const codes = shelterCodes(SEARCH_SHELTERS);
pinSelf('1');

const cpuTicks = (pid: number | undefined): number => {
  const fields = (readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

function load(url: string, scenario: Scenario, duration: number, size: number): Promise<LoadResult> {
  const options: LoadOptions = {
    url,
    scenario,
    keys,
    limitedKey: LIMITED_KEY,
    pets: size,
    connections: 16,
    duration,
    warmup: 0,
    addressSalt: 0,
    codes,
  };
  const child = pinned('1', [`${SCRIPTS_DIR}load.js`, JSON.stringify(options)]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load failed: ${scenario}`)))),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
const rows: string[] = [];
for (const size of sizes) {
  const database = `adoption_search_bench_${size}`;
  const started = Date.now();
  const child = pinned('0', [
    `${SCRIPTS_DIR}server.js`,
    JSON.stringify({
      variant: mongoUrl ? 'mongo+redis' : 'memory',
      keys,
      limitedKey: LIMITED_KEY,
      pets: size,
      shelters: SEARCH_SHELTERS,
      logLevel: 'info',
      ...(mongoUrl && { mongoUrl, mongoDatabase: database }),
    }),
  ]);
  const url = `http://127.0.0.1:${await readyPort(child, 'server')}`;
  process.stderr.write(`${size} animals seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  const us = new Map<Scenario, number[]>(SCENARIOS.map((s) => [s, []]));
  const p50 = new Map<Scenario, number[]>(SCENARIOS.map((s) => [s, []]));
  const p99 = new Map<Scenario, number[]>(SCENARIOS.map((s) => [s, []]));
  const rps = new Map<Scenario, number[]>(SCENARIOS.map((s) => [s, []]));
  const bytes = new Map<Scenario, number[]>(SCENARIOS.map((s) => [s, []]));
  try {
    for (const scenario of SCENARIOS) await load(url, scenario, 2, size);
    for (let round = 1; round <= rounds; round++) {
      // Each round in another order, so that no scenario always follows another.
      const order = round % 2 === 0 ? [...SCENARIOS].reverse() : SCENARIOS;
      for (const scenario of order) {
        const before = cpuTicks(child.pid);
        const result = await load(url, scenario, seconds, size);
        const unexpected = Object.keys(result.statuses).filter((code) => code !== '200');
        if (unexpected.length > 0) throw new Error(`${scenario} answered ${JSON.stringify(result.statuses)}`);
        us.get(scenario)?.push(((cpuTicks(child.pid) - before) * 10_000) / result.total);
        p50.get(scenario)?.push(result.p50);
        p99.get(scenario)?.push(result.p99);
        rps.get(scenario)?.push(result.rps);
        bytes.get(scenario)?.push(result.bytesPerAnswer);
      }
      process.stderr.write(
        `${size}, round ${round}: ${SCENARIOS.map((s) => `${s} ${(us.get(s)?.at(-1) ?? 0).toFixed(0)} µs`).join(', ')}\n`,
      );
    }
  } finally {
    child.kill('SIGTERM');
  }
  const list = median(us.get('list20') ?? []);
  const pages = SCENARIOS.includes('listPages') ? median(us.get('listPages') ?? []) : NaN;
  for (const scenario of SCENARIOS) {
    const cpu = median(us.get(scenario) ?? []);
    rows.push(
      `| ${size.toLocaleString('en-US')} | ${scenario} | ${cpu.toFixed(0)} | ${Math.round(median(rps.get(scenario) ?? []))} | ${median(p50.get(scenario) ?? [])} | ${median(p99.get(scenario) ?? [])} | ${median(bytes.get(scenario) ?? []).toLocaleString('en-US')} | ${(list / cpu).toFixed(2)} | ${Number.isNaN(pages) ? '–' : (pages / cpu).toFixed(2)} |`,
    );
  }
  if (mongoUrl) await explain(mongoUrl, database);
}
process.stdout.write(
  `\n${mongoUrl ? 'MongoDB' : 'memory'}, ${rounds} rounds x ${seconds} s, medians\n\n| animals | request | CPU µs per request | requests/s | p50 ms | p99 ms | bytes per answer | list20's CPU per request over this one's | listPages's over this one's |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n${rows.join('\n')}\n`,
);

/** The plan of each query shape a search sends: the winning plan's stages, from the top. */
async function explain(url: string, database: string): Promise<void> {
  const client = await MongoClient.connect(url);
  try {
    const pets = client.db(database).collection('pets');
    const live = { removed: { $ne: true } };
    const shapes: [string, object, object][] = [
      ['list20', live, { _id: 1 }],
      [
        'searchNear: locate in a round of postal codes',
        {
          $and: [
            live,
            { status: { $in: ['available'] } },
            { species: { $in: ['dog'] } },
            { 'goodWith.children': true },
            { 'place.postalCode': { $in: codes.slice(0, 32) } },
          ],
        },
        {},
      ],
      [
        'searchNewest',
        { $and: [live, { status: { $in: ['available'] } }, { species: { $in: ['cat'] } }, { ageGroup: { $in: ['young'] } }] },
        { publishedAt: -1, _id: -1 },
      ],
    ];
    for (const [name, filter, sort] of shapes) {
      let plan: { queryPlanner?: { winningPlan?: unknown } };
      try {
        plan = await pets
          .find(filter)
          .sort(sort as never)
          .limit(21)
          .explain('queryPlanner');
      } catch (error) {
        // The MongoDB-compatible test server has no explain command: say so, and go on.
        process.stdout.write(`explain ${database} ${name}: not available on this server (${(error as Error).message})\n`);
        continue;
      }
      const stages: string[] = [];
      for (let stage = plan.queryPlanner?.winningPlan as { stage?: string; indexName?: string; inputStage?: unknown } | undefined; stage;) {
        stages.push(stage.indexName ? `${stage.stage ?? '?'}(${stage.indexName})` : (stage.stage ?? '?'));
        stage = stage.inputStage as typeof stage;
      }
      process.stdout.write(`explain ${database} ${name}: ${stages.join(' <- ') || JSON.stringify(plan).slice(0, 300)}\n`);
    }
  } finally {
    await client.close();
  }
}

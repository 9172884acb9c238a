// npm run bench:profile: where one request's time goes. Starts the service as npm start runs it (in
// memory, LOG_LEVEL=info unless PROFILE_LOG_LEVEL says otherwise), loads it with PROFILE_SCENARIO
// (list20, create, patch, or limited: a key over its limit, default list20) from the other core, samples its CPU for PROFILE_SECONDS (6)
// after a warm-up, and prints the time per request by who spends it: this service's modules, each
// library, Node's own HTTP and stream code, and native work (the socket write system call, garbage
// collection, the JSON parser, ...). Each sample goes to the innermost JavaScript function on its
// stack, so a built-in or a system call counts for the code that called it. Writes the profile to
// bench/results/profile-<scenario>.cpuprofile for Chrome DevTools.
//
// PROFILE_PETS=<n> serves the search world of bench/search.ts instead (n animals of its 2,000 shelters),
// for PROFILE_SCENARIO=searchNear or searchNewest.
//
// PROFILE_REDIS_URL=redis://... runs the service on that Redis (limits and usage) instead of in memory.
// PROFILE_VARIANT=reference or baseline profiles one of the bench's comparison servers instead.
// PROFILE_COMPARE=reference (or baseline) profiles that server too, right after, and prints both side
// by side with the difference, by owner and by function: where the service spends what the other
// does not.
// PROFILE_COMPARE=<path of another checkout, built with npm run build:bench> profiles that checkout's
// service the same way instead (in memory, the same scenario), to see which functions a change added.
// PROFILE_INCLUSIVE=<part of a module's path> (e.g. telemetry/trace-context) also prints what each
// function of the matching modules costs per request with everything it calls (its inclusive time):
// the price of a small feature, which side by side cannot resolve below about 1 µs.
import { mkdirSync, readFileSync } from 'node:fs';
import {
  pinned,
  readyPort,
  RESULTS_DIR,
  SCRIPTS_DIR,
  benchKeys,
  LIMITED_KEY,
  type LoadOptions,
  type LoadResult,
  type Scenario,
  type Variant,
} from './processes.js';
import { SEARCH_SHELTERS, shelterCodes } from './records.js';

/** The parts of a V8 CPU profile read here. */
interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
}
interface Attribution {
  readonly owners: Map<string, number>;
  readonly functions: Map<string, number>;
  /** Samples with each function of the PROFILE_INCLUSIVE modules on their stack. */
  readonly inclusive: Map<string, number>;
  readonly busy: number;
  readonly busyShare: number;
}
interface ProfileRun extends Attribution {
  readonly name: Variant;
  readonly checkout: string | null;
  readonly output: string;
  readonly rps: number;
}
const scenario = (process.env.PROFILE_SCENARIO ?? 'list20') as Scenario;
const seconds = Number(process.env.PROFILE_SECONDS ?? 6);
const logLevel = process.env.PROFILE_LOG_LEVEL ?? 'info';
/** PROFILE_REDIS_URL=redis://...: the service decides rate limits (and keeps usage) on that Redis. */
const redisUrl = process.env.PROFILE_REDIS_URL;
const variant = (process.env.PROFILE_VARIANT ?? 'memory') as Variant;
/** Another checkout to profile second, when PROFILE_COMPARE is a path rather than a server's name. */
const comparedCheckout = process.env.PROFILE_COMPARE?.includes('/') ? process.env.PROFILE_COMPARE.replace(/\/$/, '') : null;
const compared = (comparedCheckout ? 'memory' : (process.env.PROFILE_COMPARE ?? null)) as Variant | null;
const inclusiveOf = process.env.PROFILE_INCLUSIVE;
/** PROFILE_PETS=<n>: the search world of n animals (bench/records.ts), its shelters' codes asked near in turn. */
const searchWorld = process.env.PROFILE_PETS === undefined ? null : Number(process.env.PROFILE_PETS);
const keys = benchKeys(1000);
const limitedKey = LIMITED_KEY;
mkdirSync(RESULTS_DIR, { recursive: true });

interface ProfileTarget {
  readonly name: Variant;
  /** The checkout whose service runs, when not this one. */
  readonly checkout: string | null;
}
const label = ({ name, checkout }: ProfileTarget) =>
  checkout ? `${checkout}, LOG_LEVEL=${logLevel}` : name === 'memory' ? `service, LOG_LEVEL=${logLevel}` : name;
const loadScenarioOf = (name: Variant): Scenario =>
  name === 'baseline' ? (scenario === 'create' ? 'create' : 'baseline') : name === 'reference' ? 'list20' : scenario;

/** Runs one server under load, profiles it after the warm-up, and returns its requests per second and samples. */
async function profileOf({ name, checkout }: ProfileTarget): Promise<ProfileRun> {
  const output = `${RESULTS_DIR}profile-${name === 'memory' ? scenario : name}${checkout ? '-compared' : ''}.cpuprofile`;
  const server = pinned('0', [
    checkout ? `${checkout}/dist-bench/bench/server.js` : `${SCRIPTS_DIR}server.js`,
    JSON.stringify({
      variant: name === 'memory' && redisUrl ? 'redis' : name,
      keys,
      limitedKey,
      pets: searchWorld ?? 1000,
      ...(searchWorld !== null && { shelters: SEARCH_SHELTERS }),
      logLevel,
      profile: output,
      ...(redisUrl && { redisUrl }),
    }),
  ]);
  // The log lines are drained and dropped, as the bench does; only the profiler's own line is looked for.
  let tail = '';
  let profiling: () => void = () => undefined;
  const profilingStarted = new Promise<void>((resolve) => (profiling = resolve));
  const port = await readyPort(server, name, (chunk) => {
    tail = (tail + chunk).slice(-64);
    if (tail.includes('PROFILING')) profiling();
  });
  const loadOptions: LoadOptions = {
    url: `http://127.0.0.1:${port}`,
    scenario: loadScenarioOf(name),
    keys,
    limitedKey,
    pets: searchWorld ?? 1000,
    connections: 32,
    duration: seconds + 4,
    warmup: 0,
    addressSalt: 0,
    ...(searchWorld !== null && { codes: shelterCodes(SEARCH_SHELTERS) }),
  };
  const load = pinned('1', [`${SCRIPTS_DIR}load.js`, JSON.stringify(loadOptions)]);
  let result = '';
  load.stdout.on('data', (chunk: Buffer) => (result += String(chunk)));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  server.kill('SIGUSR2');
  await profilingStarted;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await new Promise((resolve) => load.once('exit', resolve));
  const { rps } = JSON.parse(result) as LoadResult;
  return { name, checkout, output, rps, ...attribute(JSON.parse(readFileSync(output, 'utf8')) as CpuProfile) };
}

const owner = (frame: CallFrame): string | null => {
  const { url, functionName } = frame;
  if (url.includes('/dist-bench/src/')) return `service: ${url.replace(/.*\/dist-bench\/src\//, '')}`;
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (library) return `library: ${library[1]}`;
  if (url.startsWith('node:')) {
    if (/stream|net|_http_outgoing/.test(url) && /write|Write|uncork|end/.test(functionName))
      return 'node: response write (the socket write system call)';
    if (url.includes('crypto')) return 'node: crypto (SHA-256 of the key, request ids)';
    if (url.includes('task_queues') || url.includes('promises')) return 'node: promise and tick queues';
    if (url.includes('timers')) return 'node: timers (socket timeouts)';
    if (url.includes('_http_') || url.includes('node:net')) return 'node: HTTP parsing and headers';
    if (url.includes('streams')) return 'node: streams';
    return 'node: other';
  }
  if (url === '') return null; // a native frame: charged to its caller
  return 'library: fast-json-stringify (generated serialiser)';
};
const natives: Record<string, string | null> = {
  '(garbage collector)': 'native: garbage collection',
  '(program)': 'native: V8 and Node internals',
  '(idle)': null,
  '(root)': null,
};

/** Busy samples by owner and by innermost function, and the busy share of all samples. */
function attribute(profile: CpuProfile): Attribution {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, count] of counts) {
    let node = byId.get(id);
    if (!node) continue;
    const { functionName: leaf, url, lineNumber } = node.callFrame;
    if (leaf === '(idle)') continue;
    busy += count;
    const where = url.replace(/.*node_modules\//, '').replace(/.*\/dist-bench\/src\//, '');
    const fn = `${leaf || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : '(native)'}`;
    functions.set(fn, (functions.get(fn) ?? 0) + count);
    if (inclusiveOf) {
      // Each matching function once per sample, however deep its recursion.
      const onStack = new Set<string>();
      for (let at: ProfileNode | undefined = node; at; at = parent.has(at.id) ? byId.get(parent.get(at.id) ?? -1) : undefined) {
        const frame = at.callFrame;
        if (frame.url.includes(inclusiveOf))
          onStack.add(`${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*\/dist-bench\/src\//, '')}:${frame.lineNumber + 1}`);
      }
      for (const key of onStack) inclusive.set(key, (inclusive.get(key) ?? 0) + count);
    }
    let who: string | null | undefined = leaf in natives ? natives[leaf] : undefined;
    if (who === undefined && url === '' && leaf === 'writev') who = 'node: response write (the socket write system call)';
    while (who === undefined && node) {
      who = owner(node.callFrame);
      if (who === null) who = undefined;
      const up = parent.get(node.id);
      node = up === undefined ? undefined : byId.get(up);
    }
    who ??= 'native: other';
    owners.set(who, (owners.get(who) ?? 0) + count);
  }
  return { owners, functions, inclusive, busy, busyShare: busy / profile.samples.length };
}

// CPU time per request: the share of busy samples, times the busy fraction of each second, over the requests in a second.
const perRequest = (run: ProfileRun, count: number) => ((count / run.busy) * run.busyShare * 1e6) / run.rps;
const usOf = (run: ProfileRun, table: 'owners' | 'functions', key: string) => perRequest(run, run[table].get(key) ?? 0);
const fmt = (us: number) => us.toFixed(1);

const runs = [await profileOf({ name: variant, checkout: null })];
if (compared) runs.push(await profileOf({ name: compared, checkout: comparedCheckout }));
const [first, other] = runs as [ProfileRun, ProfileRun | undefined];

for (const run of runs) {
  process.stdout.write(
    `# ${label(run)}: ${loadScenarioOf(run.name)}, ${Math.round(run.rps)} req/s, ${Math.round(run.busyShare * 100)}% busy, ${fmt(perRequest(run, run.busy))} µs of CPU per request\n`,
  );
}
if (!other) {
  process.stdout.write(`\n| who | share of busy time | µs per request |\n|---|---:|---:|\n`);
  for (const [who, count] of [...first.owners].sort((a, b) => b[1] - a[1])) {
    if (count / first.busy < 0.005) continue;
    process.stdout.write(`| ${who} | ${((count / first.busy) * 100).toFixed(1)}% | ${fmt(perRequest(first, count))} |\n`);
  }
} else {
  // Side by side: µs per request of each, and what the first spends beyond the second.
  const second = other;
  const table = (kind: 'owners' | 'functions', heading: string, rows: number) => {
    const keysOf = new Set([...first[kind].keys(), ...second[kind].keys()]);
    const lines = [...keysOf]
      .map((key): [string, number, number] => [key, usOf(first, kind, key), usOf(second, kind, key)])
      .sort((a, b) => b[1] - b[2] - (a[1] - a[2]))
      .filter(([, a, b]) => Math.abs(a - b) >= 0.2)
      .slice(0, rows);
    process.stdout.write(`\n| ${heading} | ${label(first)} | ${label(second)} | difference |\n|---|---:|---:|---:|\n`);
    for (const [key, a, b] of lines) process.stdout.write(`| ${key} | ${fmt(a)} | ${fmt(b)} | ${a - b >= 0 ? '+' : ''}${fmt(a - b)} |\n`);
  };
  table('owners', 'who (µs per request)', 40);
  table('functions', 'function, by self time (µs per request)', 30);
  process.stdout.write(
    `\n| all | ${fmt(perRequest(first, first.busy))} | ${fmt(perRequest(other, other.busy))} | +${fmt(perRequest(first, first.busy) - perRequest(other, other.busy))} |\n`,
  );
}
if (inclusiveOf) {
  for (const run of runs) {
    process.stdout.write(`\n| ${label(run)}: functions of ${inclusiveOf}, with what they call | µs per request |\n|---|---:|\n`);
    for (const [fn, count] of [...run.inclusive].sort((a, b) => b[1] - a[1]))
      process.stdout.write(`| ${fn} | ${perRequest(run, count).toFixed(2)} |\n`);
  }
}
process.stdout.write(`\nProfiles: ${runs.map((run) => run.output.replace(/.*\/bench\/results\//, 'bench/results/')).join(', ')}\n`);

// npm run bench:profile: where one request's time goes. Starts the service as npm start runs it (in
// memory, LOG_LEVEL=info unless PROFILE_LOG_LEVEL says otherwise), loads it with PROFILE_SCENARIO
// (list20 or create, default list20) from the other core, samples its CPU for PROFILE_SECONDS (6)
// after a warm-up, and prints the time per request by who spends it: this service's modules, each
// library, Node's own HTTP and stream code, and native work (the socket write system call, garbage
// collection, the JSON parser, ...). Each sample goes to the innermost JavaScript function on its
// stack, so a built-in or a system call counts for the code that called it. Writes the profile to
// bench/results/profile-<scenario>.cpuprofile for Chrome DevTools.
//
// PROFILE_VARIANT=reference or baseline profiles one of the bench's comparison servers instead.
// PROFILE_COMPARE=reference (or baseline) profiles that server too, right after, and prints both side
// by side with the difference, by owner and by function: where the service spends what the other
// does not.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pinned, readyPort } from './processes.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const scenario = process.env.PROFILE_SCENARIO ?? 'list20';
const seconds = Number(process.env.PROFILE_SECONDS ?? 6);
const logLevel = process.env.PROFILE_LOG_LEVEL ?? 'info';
const variant = process.env.PROFILE_VARIANT ?? 'memory';
const compared = process.env.PROFILE_COMPARE ?? null;
const keys = Array.from({ length: 1000 }, (_, i) => `bench-key-${String(i).padStart(10, '0')}`);
const limitedKey = 'bench-limited-key-0000000001';
mkdirSync(`${here}results`, { recursive: true });

const label = (name) => (name === 'memory' ? `service, LOG_LEVEL=${logLevel}` : name);
const loadScenarioOf = (name) => (name === 'baseline' ? 'baseline' : name === 'reference' ? 'list20' : scenario);

/** Runs one server under load, profiles it after the warm-up, and returns its requests per second and samples. */
async function profileOf(name) {
  const output = `${here}results/profile-${name === 'memory' ? scenario : name}.cpuprofile`;
  const server = pinned('0', [`${here}server.js`, JSON.stringify({ variant: name, keys, limitedKey, pets: 1000, logLevel, profile: output })], { stdio: ['ignore', 'pipe', 'inherit'] });
  // The log lines are drained and dropped, as the bench does; only the profiler's own line is looked for.
  let tail = '';
  let profiling = () => undefined;
  const profilingStarted = new Promise((resolve) => (profiling = resolve));
  const port = await readyPort(server, name, (chunk) => {
    tail = (tail + chunk).slice(-64);
    if (tail.includes('PROFILING')) profiling();
  });
  const loadOptions = { url: `http://127.0.0.1:${port}`, scenario: loadScenarioOf(name), keys, limitedKey, pets: 1000, connections: 32, duration: seconds + 4, warmup: 0, addressSalt: 0 };
  const load = pinned('1', [`${here}load.js`, JSON.stringify(loadOptions)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let result = '';
  load.stdout.on('data', (chunk) => (result += chunk));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  server.kill('SIGUSR2');
  await profilingStarted;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await new Promise((resolve) => load.once('exit', resolve));
  const { rps } = JSON.parse(result);
  return { name, output, rps, ...attribute(JSON.parse(readFileSync(output, 'utf8'))) };
}

const owner = (frame) => {
  const { url, functionName } = frame;
  if (url.includes('/dist/')) return `service: ${url.replace(/.*\/dist\//, '')}`;
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (library) return `library: ${library[1]}`;
  if (url.startsWith('node:')) {
    if (/stream|net|_http_outgoing/.test(url) && /write|Write|uncork|end/.test(functionName)) return 'node: response write (the socket write system call)';
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
const natives = { '(garbage collector)': 'native: garbage collection', '(program)': 'native: V8 and Node internals', '(idle)': null, '(root)': null };

/** Busy samples by owner and by innermost function, and the busy share of all samples. */
function attribute(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const owners = new Map();
  const functions = new Map();
  let busy = 0;
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, count] of counts) {
    let node = byId.get(id);
    const { functionName: leaf, url, lineNumber } = node.callFrame;
    if (leaf === '(idle)') continue;
    busy += count;
    const where = url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, '');
    const fn = `${leaf || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : '(native)'}`;
    functions.set(fn, (functions.get(fn) ?? 0) + count);
    let who = leaf in natives ? natives[leaf] : undefined;
    if (who === undefined && url === '' && leaf === 'writev') who = 'node: response write (the socket write system call)';
    while (who === undefined && node) {
      who = owner(node.callFrame);
      if (who === null) who = undefined;
      node = byId.get(parent.get(node.id));
    }
    who ??= 'native: other';
    owners.set(who, (owners.get(who) ?? 0) + count);
  }
  return { owners, functions, busy, busyShare: busy / profile.samples.length };
}

// CPU time per request: the share of busy samples, times the busy fraction of each second, over the requests in a second.
const perRequest = (run, count) => ((count / run.busy) * run.busyShare * 1e6) / run.rps;
const usOf = (run, table, key) => perRequest(run, run[table].get(key) ?? 0);
const fmt = (us) => us.toFixed(1);

const runs = [await profileOf(variant)];
if (compared) runs.push(await profileOf(compared));
const [first, other] = runs;

for (const run of runs) {
  process.stdout.write(`# ${label(run.name)}: ${loadScenarioOf(run.name)}, ${Math.round(run.rps)} req/s, ${Math.round(run.busyShare * 100)}% busy, ${fmt(perRequest(run, run.busy))} µs of CPU per request\n`);
}
if (!other) {
  process.stdout.write(`\n| who | share of busy time | µs per request |\n|---|---:|---:|\n`);
  for (const [who, count] of [...first.owners].sort((a, b) => b[1] - a[1])) {
    if (count / first.busy < 0.005) continue;
    process.stdout.write(`| ${who} | ${((count / first.busy) * 100).toFixed(1)}% | ${fmt(perRequest(first, count))} |\n`);
  }
} else {
  // Side by side: µs per request of each, and what the first spends beyond the second.
  const table = (kind, heading, rows) => {
    const keysOf = new Set([...first[kind].keys(), ...other[kind].keys()]);
    const lines = [...keysOf]
      .map((key) => [key, usOf(first, kind, key), usOf(other, kind, key)])
      .sort((a, b) => b[1] - b[2] - (a[1] - a[2]))
      .filter(([, a, b]) => Math.abs(a - b) >= 0.2)
      .slice(0, rows);
    process.stdout.write(`\n| ${heading} | ${label(first.name)} | ${label(other.name)} | difference |\n|---|---:|---:|---:|\n`);
    for (const [key, a, b] of lines) process.stdout.write(`| ${key} | ${fmt(a)} | ${fmt(b)} | ${a - b >= 0 ? '+' : ''}${fmt(a - b)} |\n`);
  };
  table('owners', 'who (µs per request)', 40);
  table('functions', 'function, by self time (µs per request)', 30);
  process.stdout.write(`\n| all | ${fmt(perRequest(first, first.busy))} | ${fmt(perRequest(other, other.busy))} | +${fmt(perRequest(first, first.busy) - perRequest(other, other.busy))} |\n`);
}
process.stdout.write(`\nProfiles: ${runs.map((run) => run.output.replace(/.*\/bench\//, 'bench/')).join(', ')}\n`);

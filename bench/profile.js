// npm run bench:profile: where one request's time goes. Starts the service as npm start runs it (in
// memory, LOG_LEVEL=info unless PROFILE_LOG_LEVEL says otherwise), loads it with PROFILE_SCENARIO
// (list20 or create, default list20) from the other core, samples its CPU for PROFILE_SECONDS (6)
// after a warm-up, and prints the time per request by who spends it: this service's modules, each
// library, Node's own HTTP and stream code, and native work (the socket write system call, garbage
// collection, the JSON parser, ...). Each sample goes to the innermost JavaScript function on its
// stack, so a built-in or a system call counts for the code that called it. Writes the profile to
// bench/results/profile-<scenario>.cpuprofile for Chrome DevTools.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pinned, readyPort } from './processes.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const scenario = process.env.PROFILE_SCENARIO ?? 'list20';
const seconds = Number(process.env.PROFILE_SECONDS ?? 6);
const logLevel = process.env.PROFILE_LOG_LEVEL ?? 'info';
// PROFILE_VARIANT=reference or baseline profiles one of the bench's comparison servers instead.
const variant = process.env.PROFILE_VARIANT ?? 'memory';
const loadScenario = variant === 'baseline' ? 'baseline' : scenario;
const keys = Array.from({ length: 1000 }, (_, i) => `bench-key-${String(i).padStart(10, '0')}`);
const limitedKey = 'bench-limited-key-0000000001';
mkdirSync(`${here}results`, { recursive: true });
const output = `${here}results/profile-${variant === 'memory' ? scenario : variant}.cpuprofile`;

const server = pinned('0', [`${here}server.js`, JSON.stringify({ variant, keys, limitedKey, pets: 1000, logLevel, profile: output })], { stdio: ['ignore', 'pipe', 'inherit'] });
// The log lines are drained and dropped, as the bench does; only the profiler's own line is looked for.
let tail = '';
let profiling = () => undefined;
const profilingStarted = new Promise((resolve) => (profiling = resolve));
const port = await readyPort(server, 'server', (chunk) => {
  tail = (tail + chunk).slice(-64);
  if (tail.includes('PROFILING')) profiling();
});
const load = pinned('1', [`${here}load.js`, JSON.stringify({ url: `http://127.0.0.1:${port}`, scenario: loadScenario, keys, limitedKey, pets: 1000, connections: 32, duration: seconds + 4, warmup: 0, addressSalt: 0 })], { stdio: ['ignore', 'pipe', 'inherit'] });
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

const profile = JSON.parse(readFileSync(output, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
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
const totals = new Map();
let busy = 0;
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
for (const [id, count] of counts) {
  let node = byId.get(id);
  const leaf = node.callFrame.functionName;
  if (leaf === '(idle)') continue;
  busy += count;
  let who = leaf in natives ? natives[leaf] : undefined;
  if (who === undefined && node.callFrame.url === '' && leaf === 'writev') who = 'node: response write (the socket write system call)';
  while (who === undefined && node) {
    who = owner(node.callFrame);
    if (who === null) who = undefined;
    node = byId.get(parent.get(node.id));
  }
  who ??= 'native: other';
  totals.set(who, (totals.get(who) ?? 0) + count);
}
const busyShare = busy / profile.samples.length;
// CPU time per request: the share of busy samples, times the busy fraction of each second, over the requests in a second.
const usPerRequest = (share) => (share * busyShare * 1e6) / rps;
process.stdout.write(`# Where a request's time goes: ${variant === 'memory' ? '' : `${variant}, `}${loadScenario}, LOG_LEVEL=${logLevel}, ${Math.round(rps)} req/s, ${Math.round(busyShare * 100)}% busy\n\n| who | share of busy time | µs per request |\n|---|---:|---:|\n`);
for (const [who, count] of [...totals].sort((a, b) => b[1] - a[1])) {
  const share = count / busy;
  if (share < 0.005) continue;
  process.stdout.write(`| ${who} | ${(share * 100).toFixed(1)}% | ${usPerRequest(share).toFixed(1)} |\n`);
}
process.stdout.write(`\nProfile: ${output}\n`);

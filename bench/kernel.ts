// node dist-bench/bench/kernel.js (after npm run build:bench): what the kernel does for one server,
// per request. Starts one server (KERNEL_VARIANT: memory, the service as npm start runs it, by
// default; or baseline, bare Fastify) pinned to core 0, loads it with KERNEL_SCENARIO (list20 or
// create) from core 1 with 32 connections, records the server with Linux perf (`perf record -g`) for
// KERNEL_SECONDS (4) after a 3 s warm-up, and prints CPU µs per request: in all, in the socket writes
// of its responses, and inside those in waking the process that reads them. On loopback the kernel
// delivers a response within the sender's write, and wakes its reader there if it sleeps, so a
// server slower than its load generator pays a wake-up for most responses and a faster one for few:
// the V8 profile (npm run bench:profile) shows the whole write as one native `writev` and cannot
// tell these apart. KERNEL_LOG_LEVEL (info) sets the service's level. Needs perf, with kernel
// samples allowed (root, or kernel.perf_event_paranoid <= 1).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  pinned,
  readyPort,
  SCRIPTS_DIR,
  benchKeys,
  LIMITED_KEY,
  type LoadOptions,
  type LoadResult,
  type Scenario,
  type Variant,
} from './processes.js';

const variant = (process.env.KERNEL_VARIANT ?? 'memory') as Variant;
const scenario = (process.env.KERNEL_SCENARIO ?? 'list20') as Scenario;
const seconds = Number(process.env.KERNEL_SECONDS ?? 4);
const logLevel = process.env.KERNEL_LOG_LEVEL ?? 'info';
const frequency = 1999;
const keys = benchKeys(1000);
const limitedKey = LIMITED_KEY;

if (spawnSync('perf', ['--version']).status !== 0) {
  process.stderr.write('perf is not installed: apt-get install linux-perf (Debian), then run this again.\n');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'kernel-'));
const data = join(dir, 'perf.data');
const server = pinned('0', [`${SCRIPTS_DIR}server.js`, JSON.stringify({ variant, keys, limitedKey, pets: 1000, logLevel })]);
const port = await readyPort(server, variant);
// The bare baseline answers the list as 'baseline' and its own POST as 'create'.
const loadScenario: Scenario = variant === 'baseline' && scenario === 'list20' ? 'baseline' : scenario;
const loadOptions: LoadOptions = {
  url: `http://127.0.0.1:${port}`,
  scenario: loadScenario,
  keys,
  limitedKey,
  pets: 1000,
  connections: 32,
  duration: seconds + 5,
  warmup: 0,
  addressSalt: 0,
};
const load = pinned('1', [`${SCRIPTS_DIR}load.js`, JSON.stringify(loadOptions)]);
let result = '';
load.stdout.on('data', (chunk: Buffer) => (result += String(chunk)));
await new Promise((resolve) => setTimeout(resolve, 3000));
const perf = spawn(
  'perf',
  ['record', '-q', '-F', String(frequency), '-g', '-p', String(server.pid), '-o', data, '--', 'sleep', String(seconds)],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const recorded = await new Promise<number | null>((resolve) => perf.once('exit', resolve));
await new Promise((resolve) => load.once('exit', resolve));
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
if (recorded !== 0) {
  rmSync(dir, { recursive: true, force: true });
  process.stderr.write(`perf record exited with ${String(recorded)}: kernel samples may need root or kernel.perf_event_paranoid <= 1.\n`);
  process.exit(1);
}
const { rps } = JSON.parse(result) as LoadResult;

/** Samples with each of these functions on their stack, and samples in all. */
function samplesOf(symbols: readonly string[]): { all: number; bySymbol: Map<string, number> } {
  const report = spawnSync(
    'perf',
    ['report', '-i', data, '--children', '--sort', 'sym', '--stdio', '-g', 'none', '-F', 'overhead_children,sample,sym'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const bySymbol = new Map<string, number>();
  let all = 0;
  for (const line of report.stdout.split('\n')) {
    // "    23.14%        512  [k] do_writev": the share with the symbol on the stack, and its own samples.
    const match = /^\s+([\d.]+)%\s+(\d+)\s+\[[k.]\]\s+(.+?)\s*$/.exec(line);
    if (!match) continue;
    all += Number(match[2]);
    const symbol = match[3] ?? '';
    if (symbols.includes(symbol)) bySymbol.set(symbol, Number(match[1]));
  }
  return { all, bySymbol };
}

const parts: Record<string, string> = {
  do_writev: 'the socket writes of the responses (writev)',
  sock_def_readable: '  of which waking the process that reads them',
  ksys_read: 'reading the requests (read)',
  do_epoll_wait: 'waiting for sockets (epoll)',
  start_thread: "other threads (the log writes, V8's helpers)",
};
const { all, bySymbol } = samplesOf(Object.keys(parts));
const usPerRequest = (samples: number) => ((samples / frequency) * 1e6) / (rps * seconds);
const total = usPerRequest(all);
process.stdout.write(
  `# ${variant === 'memory' ? `service, LOG_LEVEL=${logLevel}` : variant}: ${scenario}, ${Math.round(rps)} req/s, ${seconds} s recorded\n\n| what | CPU µs per request |\n|---|---:|\n| all | ${total.toFixed(1)} |\n`,
);
for (const [symbol, what] of Object.entries(parts)) {
  process.stdout.write(`| ${what} | ${(((bySymbol.get(symbol) ?? 0) / 100) * total).toFixed(1)} |\n`);
}
rmSync(dir, { recursive: true, force: true });

// npm run bench:tick-shape: what process.nextTick costs a call once a full garbage collection has
// come while no tick was queued, with and without src/config/tick-shape.ts keeping one tick object
// alive. Each case runs in a fresh process (node --expose-gc): it queues ticks in bursts as a server
// does between requests (20 ms apart), collects the whole heap after some bursts, then times 1,000 nextTick calls
// 300 times and prints the fastest, in ns a call (the queue is drained between timings, so no
// collection of queued ticks is timed). Nothing but Node runs: no server, no library.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { keepTickShape } from '../src/config/tick-shape.js';

/** Bursts of ticks, and full collections ("gc") between them, before the timing. */
const SEQUENCES: Record<string, readonly (number | 'gc')[]> = {
  'no collection': [100, 100, 100],
  'a collection after 300 ticks (start-up)': [100, 100, 100, 'gc'],
  'a collection after 10,000 ticks, then two idle ones': [5_000, 5_000, 'gc', 100, 'gc', 100, 'gc'],
};
const ROUNDS = Number(process.env.TICK_ROUNDS ?? 5);

const noop = (): void => undefined;
const burst = (count: number): Promise<void> =>
  new Promise((resolve) => {
    let left = count;
    for (let i = 0; i < count; i++) process.nextTick(() => --left === 0 && resolve());
  });
/** Between the steps, 20 ms idle, as a server between bursts of requests (V8 finishes its compilations then). */
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));
/** Between timings, only what was queued runs. */
const drain = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function child(sequence: readonly (number | 'gc')[], keep: boolean): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with node --expose-gc');
  if (keep) keepTickShape();
  for (const step of sequence) {
    if (step === 'gc') gc();
    else await burst(step);
    await pause();
  }
  let fastest = Infinity;
  for (let round = 0; round < 300; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < 1_000; i++) process.nextTick(noop);
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - started) / 1_000);
    await drain();
  }
  return fastest;
}

if (process.argv[2] === 'child') {
  const [sequence, keep] = [SEQUENCES[process.argv[3] ?? ''], process.argv[4] === 'keep'];
  if (sequence === undefined) throw new Error(`no sequence ${process.argv[3]}`);
  process.stdout.write(`${await child(sequence, keep)}\n`);
} else {
  const script = fileURLToPath(import.meta.url);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  console.log(`# process.nextTick, ns a call (fastest of 300 × 1,000 calls), ${ROUNDS} processes each, Node ${process.version}\n`);
  console.log('| before the timing | Node as it is | one tick object kept | each process, as it is | each process, kept |');
  console.log('|---|---:|---:|---|---|');
  for (const name of Object.keys(SEQUENCES)) {
    const runs = { plain: [] as number[], keep: [] as number[] };
    for (let round = 0; round < ROUNDS; round++)
      for (const mode of ['plain', 'keep'] as const) {
        const out = spawnSync(process.execPath, ['--expose-gc', script, 'child', name, mode], { encoding: 'utf8' });
        if (out.status !== 0) throw new Error(out.stderr);
        runs[mode].push(Number(out.stdout));
      }
    const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    console.log(
      `| ${name} | ${median(runs.plain).toFixed(0)} | ${median(runs.keep).toFixed(0)} | ${list(runs.plain)} | ${list(runs.keep)} |`,
    );
  }
}

// `npm run test:model -- [runs] [seed]`: the reference-model suites with more runs than `npm test`
// makes; seed `random` explores. In one process on memory, `runs` runs each of the sequences and of
// the calls at once in every interleaving; on two instances of the built server with faults, one run
// for every 25 of those (at least 3), each some 10 s.
import { spawnSync } from 'node:child_process';

const [runs = '500', seed = '54'] = process.argv.slice(2);
if (!/^\d+$/.test(runs) || !(seed === 'random' || /^\d+$/.test(seed))) {
  process.stderr.write('usage: npm run test:model -- [runs] [seed|random]\n');
  process.exit(2);
}
const processRuns = String(Math.max(3, Math.ceil(Number(runs) / 25)));
const vitest = (args) =>
  spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, MODEL_RUNS: runs, MODEL_PROCESS_RUNS: processRuns, MODEL_SEED: seed },
  }).status ?? 1;
const started = Date.now();
const inProcess = vitest(['--config', 'vitest.unit.config.ts', 'test/http/adoption/adoption-model']);
const processes = vitest(['--project', 'main', 'test/integration/adoption/adoption-model-processes.test.ts']);
process.stdout.write(
  `[model] seed ${seed}: ${runs} runs of each in-process suite and ${processRuns} on two instances with faults, in ${Math.round((Date.now() - started) / 1000)} s\n`,
);
process.exit(inProcess || processes);

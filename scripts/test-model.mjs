// `npm run test:model -- [runs] [seed]`: the reference-model suites (in order, and calls at once in
// every interleaving) with more runs than `npm test` makes; seed `random` explores. On MongoDB +
// Redis with TEST_ADAPTERS=mongo+redis and their URLs in the environment (see docs/testing.md).
import { spawnSync } from 'node:child_process';

const [runs = '500', seed = '54'] = process.argv.slice(2);
if (!/^\d+$/.test(runs) || !(seed === 'random' || /^\d+$/.test(seed))) {
  process.stderr.write('usage: npm run test:model -- [runs] [seed|random]\n');
  process.exit(2);
}
const started = Date.now();
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.unit.config.ts', 'test/http/adoption/adoption-model'],
  { stdio: 'inherit', env: { ...process.env, MODEL_RUNS: runs, MODEL_SEED: seed } },
);
process.stdout.write(`[model] ${runs} runs of each suite from seed ${seed} in ${Math.round((Date.now() - started) / 1000)} s\n`);
process.exit(result.status ?? 1);

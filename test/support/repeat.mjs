// Runs the integration suites (fault tests included) several times in a row and stops at the first
// failure, so that an intermittent failure shows up here rather than in CI.
// Usage: npm run test:faults [-- <runs> [files...]]   (default: 20 runs of test/integration)
import { spawnSync } from 'node:child_process';

const [runsArg, ...files] = process.argv.slice(2);
const runs = Number(runsArg ?? 20);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`runs must be a positive integer, not ${runsArg}`);
  process.exit(2);
}
const targets = files.length > 0 ? files : ['test/integration'];
const started = Date.now();
for (let run = 1; run <= runs; run++) {
  const t0 = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'main', ...targets], { encoding: 'utf8' });
  const summary = /Tests\s+(.*)/.exec(stripColours(result.stdout))?.[1]?.trim() ?? 'no summary';
  console.log(`run ${run}/${runs}: ${result.status === 0 ? 'green' : 'RED'} (${summary}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // What the suites measured on this run, so that a series of runs gives the spread.
  for (const line of stripColours(result.stdout).split('\n')) if (line.startsWith('[measure]')) console.log(`  ${line}`);
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    console.log(`failed on run ${run} of ${runs}`);
    process.exit(1);
  }
}
console.log(`${runs} consecutive green runs of ${targets.join(' ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`);

function stripColours(text) {
  return text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
}

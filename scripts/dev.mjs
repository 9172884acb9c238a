// npm run dev: builds, then rebuilds on every change under src/ (tsc --watch) and restarts the
// server on every rebuild (node --watch), on the same configuration npm start reads.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';

const tsc = 'node_modules/typescript/bin/tsc';
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/copy-assets.mjs', 'dist'], { stdio: 'inherit' });
const children = [
  spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { stdio: 'inherit' }),
  spawn(process.execPath, ['--max-semi-space-size=16', '--watch-path=dist', '--watch-preserve-output', 'dist/config/main.js'], {
    stdio: 'inherit',
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });

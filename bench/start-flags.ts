// The Node flags `npm start` gives the service in a checkout: its package.json's start script, the
// arguments between `node` and the script. The benches run the service with them, and so do the
// process suites (test/support/processes.ts), so that both run it as it is started.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function startFlags(checkout: string): string[] {
  const manifest = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  const words = (manifest.scripts?.start ?? '').split(/\s+/);
  const script = words.findIndex((word, i) => i > 0 && !word.startsWith('--'));
  return words.slice(1, script === -1 ? undefined : script);
}

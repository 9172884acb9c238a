// Copies what the TypeScript compiler does not (the Redis Lua scripts) beside a build, writing only
// what differs: a build of an unchanged tree rewrites no file, so processes started from the build
// while another run builds again never read a half-written one.
// Usage: node scripts/copy-assets.mjs <the build's root for src/, e.g. dist or dist-bench/src>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [root] = process.argv.slice(2);
if (!root) {
  process.stderr.write('Usage: node scripts/copy-assets.mjs <build root for src/>\n');
  process.exit(2);
}

function copyChanged(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      copyChanged(source, target);
      continue;
    }
    const bytes = readFileSync(source);
    let kept = null;
    try {
      kept = readFileSync(target);
    } catch {
      // not copied yet
    }
    if (kept === null || !kept.equals(bytes)) writeFileSync(target, bytes);
  }
}

copyChanged('src/adapters/access/redis/lua', `${root}/adapters/access/redis/lua`);

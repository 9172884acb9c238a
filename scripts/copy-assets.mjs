// Copies what the TypeScript compiler does not (the Redis Lua scripts) beside a build.
// Usage: node scripts/copy-assets.mjs <the build's root for src/, e.g. dist or dist-bench/src>
import { cpSync } from 'node:fs';

const [root] = process.argv.slice(2);
if (!root) {
  process.stderr.write('Usage: node scripts/copy-assets.mjs <build root for src/>\n');
  process.exit(2);
}
cpSync('src/adapters/access/redis/lua', `${root}/adapters/access/redis/lua`, { recursive: true });

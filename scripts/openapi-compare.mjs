// Compares the OpenAPI documents two builds serve (both doors), for a change that must not change
// them: prints every difference, each marked as an order or an example alone (no client sees it) or
// a change, and exits 1 on a change. Each build is a checkout built with `npm run build`.
// Usage: node scripts/openapi-compare.mjs <checkout before> <checkout after>
import { resolve } from 'node:path';

const roots = process.argv.slice(2, 4).map((root) => resolve(root));
if (roots.length !== 2) {
  process.stderr.write('Usage: node scripts/openapi-compare.mjs <checkout before> <checkout after>\n');
  process.exit(2);
}

async function documentsOf(root) {
  const { createApp } = await import(`${root}/dist/config/create-app.js`);
  const { loadConfig } = await import(`${root}/dist/config/env.js`);
  const app = await createApp(loadConfig({ LOG_LEVEL: 'silent' }));
  try {
    const read = async (door, url) => JSON.parse((await door.inject({ url })).body);
    return { public: await read(app.http, '/v1/openapi.json'), admin: await read(app.admin, '/admin/v1/openapi.json') };
  } finally {
    await app.http.close();
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const sorted = (list) => list.map((item) => JSON.stringify(item)).sort();

/** Every difference between a and b: [path, kind], kind 'order', 'order of words', 'example' or 'change'. */
function differences(a, b, path, found) {
  if (same(a, b)) return found;
  if (path.endsWith('/example') || path.endsWith('/examples')) return [...found, [path, 'example']];
  if (Array.isArray(a) && Array.isArray(b)) {
    if (same(sorted(a), sorted(b))) return [...found, [path, 'order']];
    if (a.length !== b.length) return [...found, [path, 'change']];
    return a.reduce((all, item, i) => differences(item, b[i], `${path}[${i}]`, all), found);
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    if (keys.some((key) => !(key in a) || !(key in b))) return [...found, [path, 'change']];
    const walked = keys.reduce((all, key) => differences(a[key], b[key], `${path}/${key}`, all), found);
    return same(Object.keys(a), Object.keys(b)) ? walked : [...walked, [path, 'order']];
  }
  // A text whose words are the same, in another order (a list of codes in another order).
  const words = (text) => text.split(/[\s,.]+/).sort();
  if (typeof a === 'string' && typeof b === 'string' && same(words(a), words(b))) return [...found, [path, 'order of words']];
  return [...found, [path, 'change']];
}

const [before, after] = [await documentsOf(roots[0]), await documentsOf(roots[1])];
let changes = 0;
for (const door of ['public', 'admin']) {
  const found = differences(before[door], after[door], '', []);
  console.log(`${door}: ${found.length === 0 ? 'the same' : `${found.length} difference(s)`}`);
  for (const [path, kind] of found) {
    if (kind === 'change') changes++;
    console.log(`  ${kind}: ${path}`);
  }
}
process.exit(changes === 0 ? 0 : 1);

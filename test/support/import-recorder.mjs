// node --import ./test/support/import-recorder.mjs <entry>: on exit, writes to stderr one line,
// "[imports] <json array>", listing every module URL the process loaded whose path matches
// IMPORTS_MATCHING (a regular expression). Tests use it to show what a configuration never loads.
import { register } from 'node:module';
import { writeSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';

const pattern = new RegExp(process.env.IMPORTS_MATCHING ?? '.');
const seen = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => {
  if (pattern.test(url)) seen.add(url);
});
port1.unref();
register(
  'data:text/javascript,' +
    encodeURIComponent(`
      let port;
      export function initialize(data) { port = data.port; }
      export async function load(url, context, next) { port.postMessage(url); return next(url, context); }
    `),
  { data: { port: port2 }, transferList: [port2] },
);
// CommonJS modules loaded through require() do not pass the hooks above on every Node line: list those too.
process.on('exit', () => {
  for (const file of Object.keys((globalThis.require ?? { cache: {} }).cache ?? {})) if (pattern.test(file)) seen.add(file);
  writeSync(2, `[imports] ${JSON.stringify([...seen])}\n`);
});

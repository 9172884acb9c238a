// node dist-bench/bench/trace-id-line.js (after npm run build:bench): what a trace id adds to one
// access line, alone: the line in the access line's shape (src/adapters/shared/http/observe/access-line.ts) copied into a 64 KiB
// buffer as the log writer does (src/adapters/shared/logging/log-destination.ts), without the trace_id field and with
// a fresh id from newTraceId in it. 3 million lines, best of 7 runs, ns per line. Side by side
// cannot resolve a cost this small (docs/performance-history.md, "Observability costs").
import { newTraceId } from '../src/adapters/shared/telemetry/trace-context.js';

const LINES = 3_000_000;
const RUNS = 7;
const buffer = Buffer.allocUnsafe(65_536);
const bindings = `,"pid":${process.pid},"hostname":"bench-host"`;
let offset = 0;

const lineWithout = (i: number): string =>
  `{"level":30,"time":${Date.now()}${bindings},"reqId":"req-${i}","method":"GET","route":"/v1/pets","status":200,"ms":${Math.round((i % 100) * 10) / 10},"keyId":"key_0123456789abcdef","msg":"request"}\n`;
const lineWith = (i: number): string =>
  `{"level":30,"time":${Date.now()}${bindings},"reqId":"req-${i}","trace_id":"${newTraceId()}","method":"GET","route":"/v1/pets","status":200,"ms":${Math.round((i % 100) * 10) / 10},"keyId":"key_0123456789abcdef","msg":"request"}\n`;

function nsPerLine(line: (i: number) => string): number {
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < LINES; i++) {
      const text = line(i);
      if (offset + text.length * 3 > buffer.length) offset = 0;
      offset += buffer.write(text, offset);
    }
    best = Math.min(best, Number(process.hrtime.bigint() - started) / LINES);
  }
  return best;
}

// Twice each, interleaved, so that a warming machine favours neither.
const results = { without: [] as number[], with: [] as number[] };
for (let pass = 0; pass < 2; pass++) {
  results.without.push(nsPerLine(lineWithout));
  results.with.push(nsPerLine(lineWith));
}
const fmt = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
process.stdout.write(
  `access line without trace_id: ${fmt(results.without)} ns\naccess line with a fresh trace_id: ${fmt(results.with)} ns\n`,
);
process.stdout.write(
  `a trace id adds ${(Math.min(...results.with) - Math.min(...results.without)).toFixed(0)} ns per line (best against best)\n`,
);

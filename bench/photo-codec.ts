// The photo codec's cost (npm run bench:photos): a 4,000 x 3,000 camera JPEG of about 3 MB (noise, so
// it compresses like a photo), rendered into every variant; CPU time per upload one at a time, uploads
// per second with PHOTO_CONCURRENCY (8) at once, and the peak resident set of those. Numbers, no verdict.
import sharp from 'sharp';
import { SharpImageCodec } from '../src/adapters/adoption/sharp/sharp-image-codec.js';

const runs = Number(process.env.PHOTO_RUNS ?? 8);
const concurrency = Number(process.env.PHOTO_CONCURRENCY ?? 8);

async function cameraJpeg(): Promise<Buffer> {
  const width = 4_000;
  const height = 3_000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < pixels.length; i++) {
    // A smooth gradient with noise on it, as a photo's detail.
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    pixels[i] = ((i / 3) % width) / 16 + (seed % 64);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const upload = await cameraJpeg();
const codec = new SharpImageCodec();
await codec.render(upload); // warm-up

let cpu = cpuMs();
let wall = performance.now();
for (let i = 0; i < runs; i++) await codec.render(upload);
const serialCpu = (cpuMs() - cpu) / runs;
const serialWall = (performance.now() - wall) / runs;

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const base = process.memoryUsage().rss;
cpu = cpuMs();
wall = performance.now();
await Promise.all(Array.from({ length: concurrency }, () => codec.render(upload)));
const parallelWall = performance.now() - wall;
const parallelCpu = cpuMs() - cpu;
clearInterval(sampler);

const mib = (bytes: number) => (bytes / 1_048_576).toFixed(0);
console.log(`Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), threads ${sharp.concurrency()}`);
console.log(`upload: ${(upload.length / 1_048_576).toFixed(1)} MiB JPEG, 4000 x 3000, orientation 6; 8 variants (4 sizes x JPEG, WebP)`);
console.log(`| measure | value |`);
console.log(`|---|---:|`);
console.log(`| one at a time: CPU per upload | ${serialCpu.toFixed(0)} ms |`);
console.log(`| one at a time: wall per upload | ${serialWall.toFixed(0)} ms (${(1000 / serialWall).toFixed(1)} uploads/s) |`);
console.log(
  `| ${concurrency} at once: wall | ${parallelWall.toFixed(0)} ms (${((concurrency * 1000) / parallelWall).toFixed(1)} uploads/s, CPU ${(parallelCpu / concurrency).toFixed(0)} ms each) |`,
);
console.log(`| ${concurrency} at once: peak resident set | ${mib(peak)} MiB (${mib(peak - base)} MiB above the ${mib(base)} before) |`);

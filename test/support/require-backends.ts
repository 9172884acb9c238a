/** For the MongoDB + Redis pass of the HTTP suite: say which servers it runs on, or skip it loudly. */
import { beforeEach, inject } from 'vitest';

const missing = (['mongo', 'redis'] as const).filter((engine) => !inject(engine).url);
if (missing.length > 0) {
  const why = missing.map((engine) => `${engine}: ${inject(engine).reason}`).join('; ');
  console.warn(`[backend] SKIPPED HTTP suite on MongoDB + Redis: ${why}`);
  process.env.TEST_ADAPTERS = 'memory';
  beforeEach((context) => context.skip());
} else {
  console.info(`[backend] HTTP suite on mongo: ${inject('mongo').backend}; redis: ${inject('redis').backend}`);
}

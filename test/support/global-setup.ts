/** Starts the integration servers once for the whole run and tells every suite where they are. */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startMongo, startRedis, type Backend } from './backends.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redis: Backend;
    mongo: Backend;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'main') {
    // The process suites (server, key tool) run the built output: build it once, as `npm start` does.
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: project.config.root, stdio: 'inherit' });
  }
  const [redis, mongo] = await Promise.all([startRedis(), startMongo()]);
  for (const [name, started] of [
    ['redis', redis],
    ['mongodb', mongo],
  ] as const) {
    const { info } = started;
    console.info(
      info.url
        ? `[backend] ${name}: ${info.backend}`
        : `[backend] ${name}: NONE: ${name} integration suites will be SKIPPED (${info.reason})`,
    );
  }
  project.provide('redis', redis.info);
  project.provide('mongo', mongo.info);
  return async () => {
    await Promise.all([redis.stop(), mongo.stop()]);
  };
}

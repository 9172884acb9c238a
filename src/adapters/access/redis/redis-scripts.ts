/**
 * The Lua scripts, one file each in lua/ (copied beside the build by scripts/copy-assets.mjs), defined
 * on a client as commands once: ioredis then sends EVALSHA and falls back to EVAL on NOSCRIPT, on the
 * client and its pipelines alike.
 */
import { readFileSync } from 'node:fs';
import type { RedisClient } from './redis-connection.js';

/** Each command and the file that holds its script. */
const SCRIPTS = {
  /** Sliding-window decisions and bans (the same rules as src/domain/access/rate-limit.ts). */
  admitSlidingWindow: 'admit.lua',
  /** One key's share of a usage flush. */
  addUsage: 'add-usage.lua',
} as const;

/** The commands the scripts become, as the adapters call them. */
export interface ScriptCommands {
  admitSlidingWindow(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown[]>;
  addUsage(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
}

const sources = new Map<string, string>();

function source(file: string): string {
  let lua = sources.get(file);
  if (lua === undefined) {
    lua = readFileSync(new URL(`./lua/${file}`, import.meta.url), 'utf8');
    sources.set(file, lua);
  }
  return lua;
}

/** Defines every script on the client, once per client however many adapters share it. */
export function defineScripts(redis: RedisClient): void {
  const defined = redis as unknown as Partial<ScriptCommands>;
  for (const [command, file] of Object.entries(SCRIPTS)) {
    if (defined[command as keyof ScriptCommands] === undefined) redis.defineCommand(command, { lua: source(file) });
  }
}

/**
 * The key tool's process: reads the configuration, opens the key store through the same composition
 * root as the server, runs one command of the tool (src/adapters/access/cli/key-tool.ts) and exits:
 * 0 done, 1 the operation failed, 2 usage error, 78 configuration error.
 */
import { runKeyTool, UsageError, USAGE, type KeyToolSession } from '../adapters/access/cli/key-tool.js';
import { DomainError } from '../domain/shared/errors.js';
import { configuredAdapters } from './adapters.js';
import { buildContainer } from './container.js';
import { ConfigError, loadConfig, type AppConfig } from './env.js';
import { createLogger } from './logger.js';
import { TOKENS } from './modules/features.js';
import { resolve } from './tokens.js';

async function openKeys(): Promise<KeyToolSession> {
  const config = loadConfig(process.env);
  if (!config.mongo) {
    throw new ConfigError(
      'MONGODB_URL is not set. Without it keys live only in the memory of a running server; set ' +
        'MONGODB_URL (and MONGODB_DATABASE) to manage the shared key store.',
    );
  }
  // The same composition root as the server; the key tool needs no shared limiter.
  const toolConfig: AppConfig = { ...config, redis: null, logLevel: 'warn' };
  const adapters = await configuredAdapters(toolConfig, createLogger(toolConfig));
  const container = buildContainer(toolConfig, adapters);
  return {
    manage: resolve(container, TOKENS.ManageApiKeys),
    admin: resolve(container, TOKENS.ManageAdminCredentials),
    usage: resolve(container, TOKENS.ReadUsage),
    keyCacheTtlMs: config.keyCacheTtlMs,
    keyRotationGraceMs: config.keyRotationGraceMs,
    close: adapters.close,
  };
}

runKeyTool(process.argv.slice(2), openKeys).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${error instanceof DomainError ? message : `Failed: ${message}`}\n`);
    process.exit(1);
  },
);

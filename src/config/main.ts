/** The process: reads the configuration, builds the application, listens, and shuts down gracefully. */
import { checkProductionStorage, ConfigError, loadConfig, type AppConfig } from './env.js';
import { createApp, type Application } from './create-app.js';
import { RedisTopologyError } from '../adapters/access/redis/redis-connection.js';
import { CONFIG_ACTOR } from '../application/shared/services/auditor.js';
import { ADMIN_SCOPES } from '../domain/access/admin-credential.js';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
    checkProductionStorage(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nFix the variable(s) above and start again. See README.md, "Configuration".\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  let app: Application;
  try {
    app = await createApp(config);
  } catch (error) {
    if (error instanceof RedisTopologyError) {
      process.stderr.write(`Start-up stopped: ${error.message}\nSee docs/operations.md, "Scaling out".\n`);
      process.exit(78); // EX_CONFIG: the configuration does not match the server
    }
    throw error;
  }
  // Throwaway secrets only where they cannot outlive the process (the in-memory stores), and never in
  // production, where stdout is a log pipeline: a secret printed there is a secret leaked.
  const throwaway = !config.mongo && config.environment !== 'production';
  const devKey =
    throwaway && config.seedKeys.length === 0 ? await app.keys.issue({ name: 'development key', plan: 'free' }, CONFIG_ACTOR) : null;
  const devAdmin =
    throwaway && config.adminTokens.length === 0
      ? await app.adminCredentials.issue('development admin credential', ADMIN_SCOPES, CONFIG_ACTOR)
      : null;
  const address = await app.http.listen({ host: config.host, port: config.port });
  const adminAddress = await app.admin.listen({ host: config.admin.host, port: config.admin.port });
  app.http.log.info(
    { address, adminAddress, environment: config.environment, adapters: app.adapters.description },
    'Animal Adoption API listening',
  );
  if (devKey) printDevKeyHelp(address, devKey.key);
  if (devAdmin) printDevAdminHelp(adminAddress, devAdmin.token);
  if (!config.mongo && config.environment === 'production') {
    app.http.log.warn(
      'APP_ENV=production on in-memory storage (ALLOW_IN_MEMORY_STORAGE=true): everything is lost at ' +
        'restart, and no development key or admin credential is created; give keys with API_KEYS and ' +
        'admin credentials with ADMIN_TOKENS',
    );
  }
  installShutdown(app, config.shutdownTimeoutMs);
}

function printDevKeyHelp(address: string, key: string): void {
  process.stdout.write(
    [
      '',
      'No API_KEYS configured: created a development key on the Free plan (kept in memory, shown once):',
      `  ${key}`,
      '',
      'Try it:',
      `  curl -s -H 'Authorization: Bearer ${key}' '${address}/v1/pets?limit=5'`,
      `  curl -s -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' -d '{"name":"Rex","categoryId":1}' ${address}/v1/pets`,
      `API reference: ${address}/v1/docs  (OpenAPI: ${address}/v1/openapi.json)`,
      '',
    ].join('\n'),
  );
}

function printDevAdminHelp(adminAddress: string, token: string): void {
  process.stdout.write(
    [
      'No ADMIN_TOKENS configured: created a development admin credential with every scope (kept in memory, shown once):',
      `  ${token}`,
      '',
      'Issue a key with it (the admin API listens apart, on ADMIN_HOST:ADMIN_PORT):',
      `  curl -s -H 'Authorization: Bearer ${token}' -H 'Content-Type: application/json' -d '{"name":"Shelter A","plan":"pro"}' ${adminAddress}/admin/v1/keys`,
      `Admin reference: ${adminAddress}/admin/v1/docs  (OpenAPI: ${adminAddress}/admin/v1/openapi.json)`,
      '',
    ].join('\n'),
  );
}

function installShutdown(app: Application, timeoutMs: number): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.http.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.http.log.error({ timeoutMs }, 'shutdown timed out; exiting with requests still open');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    app.http.close().then(
      () => {
        app.http.log.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.http.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

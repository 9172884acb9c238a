/**
 * Builds the whole application: adapters, use cases, seeded keys and the HTTP app. Production
 * (main.ts), the key tool and the tests all build it here.
 */
import type { DependencyContainer } from 'tsyringe';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { TOKENS } from '../application/ports/tokens.js';
import type { ManageApiKeys } from '../application/use-cases/manage-api-keys.js';
import type { ManageAdminCredentials } from '../application/use-cases/manage-admin-credentials.js';
import { buildHttpApp } from '../adapters/http/app.js';
import { buildAdminApp } from '../adapters/http/admin/admin-app.js';
import { Metrics } from '../adapters/metrics/metrics.js';
import { configuredAdapters, type Adapters } from './adapters.js';
import { buildContainer } from './container.js';
import type { AppConfig } from './env.js';
import { createLogger } from './logger.js';
import { seedAdminTokens, seedKeys } from './seed-keys.js';

export interface Application {
  /** The public API (/v1), on HOST:PORT. */
  readonly http: FastifyInstance;
  /** The admin API (/admin/v1), on ADMIN_HOST:ADMIN_PORT. */
  readonly admin: FastifyInstance;
  readonly metrics: Metrics;
  readonly container: DependencyContainer;
  readonly keys: ManageApiKeys;
  readonly adminCredentials: ManageAdminCredentials;
  readonly adapters: Adapters;
}

export interface CreateAppOptions {
  /** The adapters to use; by default, those the configuration asks for. */
  readonly adapters?: Adapters;
  /** Where logs go; by default, pino on stdout at LOG_LEVEL. */
  readonly logger?: Logger;
  /** The instance's metrics; by default, a registry of its own. Pass the same to configuredAdapters. */
  readonly metrics?: Metrics;
}

export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<Application> {
  const logger = options.logger ?? createLogger(config);
  const metrics = options.metrics ?? new Metrics();
  const adapters = options.adapters ?? (await configuredAdapters(config, logger, { metrics }));
  const container = buildContainer(config, adapters);
  const keys = container.resolve<ManageApiKeys>(TOKENS.ApiKeys);
  const adminCredentials = container.resolve<ManageAdminCredentials>(TOKENS.AdminCredentials);
  await seedKeys(config, keys, logger);
  await seedAdminTokens(config, adminCredentials);
  const base = {
    logger,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    connectionTimeouts: config.connectionTimeouts,
    metrics,
  };
  const http = await buildHttpApp(
    {
      listPets: container.resolve(TOKENS.ListPets),
      createPet: container.resolve(TOKENS.CreatePet),
      getPet: container.resolve(TOKENS.GetPet),
      admitRequest: container.resolve(TOKENS.AdmitRequest),
      readinessProbes: {
        pets: { check: () => adapters.pets.ping(), critical: true, backend: adapters.backends.pets },
        apiKeys: { check: () => adapters.apiKeys.ping(), critical: true, backend: adapters.backends.apiKeys },
        rateLimiter: { check: () => adapters.rateLimiter.ping(), critical: adapters.rateLimiterCritical, backend: adapters.backends.rateLimiter },
      },
    },
    { ...base, probeTimeoutMs: config.readinessTimeoutMs, metricsToken: config.metricsToken, servers: config.publicServers },
  );
  const admin = await buildAdminApp(
    { keys, auditor: container.resolve(TOKENS.Auditor), admitAdminRequest: container.resolve(TOKENS.AdmitAdminRequest), clock: adapters.clock },
    { ...base, defaultGraceMs: config.keyRotationGraceMs },
  );
  // The public app owns the adapters: closing it closes the admin door first, then the connections.
  http.addHook('onClose', async () => {
    await admin.close();
    await adapters.close();
    container.clearInstances();
  });
  return { http, admin, metrics, container, keys, adminCredentials, adapters };
}

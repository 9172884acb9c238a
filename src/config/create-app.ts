/**
 * Builds the whole application: adapters, use cases, seeded keys and the HTTP app. Production
 * (main.ts), the key tool and the tests all build it here.
 */
import type { DependencyContainer } from 'tsyringe';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { TOKENS } from '../application/ports/tokens.js';
import type { ManageApiKeys } from '../application/use-cases/manage-api-keys.js';
import { buildHttpApp } from '../adapters/http/app.js';
import { Metrics } from '../adapters/metrics/metrics.js';
import { configuredAdapters, type Adapters } from './adapters.js';
import { buildContainer } from './container.js';
import type { AppConfig } from './env.js';
import { createLogger } from './logger.js';
import { seedKeys } from './seed-keys.js';

export interface Application {
  readonly http: FastifyInstance;
  readonly metrics: Metrics;
  readonly container: DependencyContainer;
  readonly keys: ManageApiKeys;
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
  await seedKeys(config, keys, logger);
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
    {
      logger,
      bodyLimitBytes: config.bodyLimitBytes,
      trustProxy: config.trustProxy,
      probeTimeoutMs: config.readinessTimeoutMs,
      connectionTimeouts: config.connectionTimeouts,
      metrics,
      metricsToken: config.metricsToken,
      servers: config.publicServers,
    },
  );
  http.addHook('onClose', async () => {
    await adapters.close();
    container.clearInstances();
  });
  return { http, metrics, container, keys, adapters };
}

/**
 * The access feature: API keys and admin credentials, who may call what (authentication, scopes,
 * browser origins), the plans' rate limits and bans, and usage. It gates both doors.
 */
import { accessSettings, type AccessSettings } from './access-settings.js';
import { AccessMetrics } from '../../adapters/access/metrics/access-metrics.js';
import type { AdminCredentialStore } from '../../application/access/ports/admin-credential-store.js';
import type { ApiKeyStore } from '../../application/access/ports/api-key-store.js';
import type { RateLimiter } from '../../application/access/ports/rate-limiter.js';
import type { UsageStore } from '../../application/access/ports/usage-store.js';
import { LocalRefusals, type LocalRefusalEvents } from '../../application/access/services/local-refusals.js';
import { UsageRecorder, type UsageRecorderEvents } from '../../application/access/services/usage-recorder.js';
import { isTimeout } from '../../application/shared/within.js';
import { AdmitAdminRequest } from '../../application/access/use-cases/admit-admin-request.js';
import { AdmitRequest } from '../../application/access/use-cases/admit-request.js';
import { Authenticate } from '../../application/access/use-cases/authenticate.js';
import { BrowserOrigins } from '../../application/access/use-cases/browser-origins.js';
import { LiftKeyBan } from '../../application/access/use-cases/lift-key-ban.js';
import { ManageAdminCredentials } from '../../application/access/use-cases/manage-admin-credentials.js';
import { ManageApiKeys } from '../../application/access/use-cases/manage-api-keys.js';
import { ReadUsage } from '../../application/access/use-cases/read-usage.js';
import type { BanPolicy } from '../../domain/access/rate-limit.js';
import { getPetDeprecation } from '../../domain/shared/deprecation.js';
import { admissionPlugin } from '../../adapters/access/http/admission.js';
import { corsPlugin } from '../../adapters/access/http/cors.js';
import { rateLimitRoutes } from '../../adapters/access/http/rate-limit.js';
import { RateLimitStatusSchema, WindowStatusSchema } from '../../adapters/access/http/rate-limit-schemas.js';
import { usageRoutes } from '../../adapters/access/http/usage.js';
import { DeprecationsSchema, UsageBucketSchema, UsageReportSchema } from '../../adapters/access/http/usage-schemas.js';
import { adminAuthPlugin } from '../../adapters/access/http/admin/admin-auth.js';
import { auditRoutes } from '../../adapters/access/http/admin/audit.js';
import { AuditEventSchema, AuditEventsSchema } from '../../adapters/access/http/admin/audit-schemas.js';
import {
  AdminCredentialSchema,
  AdminCredentialsSchema,
  IssuedAdminCredentialSchema,
  NewAdminCredentialSchema,
} from '../../adapters/access/http/admin/credential-schemas.js';
import { credentialRoutes } from '../../adapters/access/http/admin/credentials.js';
import { keyRoutes } from '../../adapters/access/http/admin/keys.js';
import {
  ApiKeyChangesSchema,
  ApiKeySchema,
  ApiKeysSchema,
  IssuedApiKeySchema,
  LimitsSchema,
  NewApiKeySchema,
  RotationSchema,
} from '../../adapters/access/http/admin/key-schemas.js';
import { adminUsageRoutes } from '../../adapters/access/http/admin/usage.js';
import type { Metrics } from '../../adapters/shared/metrics/metrics.js';
import type { AppConfig } from '../env.js';
import { every } from '../schedule.js';
import { provide, resolve, token } from '../tokens.js';
import { ACCESS_ERRORS } from '../../adapters/access/http/error-codes.js';
import { once, type FeatureModule, type Observers } from './module.js';
import { accessStorage, type AccessPorts } from './access-storage.js';
import { SHARED_TOKENS } from './shared.js';

export const ACCESS_TOKENS = {
  ApiKeyStore: token<ApiKeyStore>('ApiKeyStore'),
  AdminCredentialStore: token<AdminCredentialStore>('AdminCredentialStore'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  UsageStore: token<UsageStore>('UsageStore'),
  UsageRecorder: token<UsageRecorder>('UsageRecorder'),
  LocalRefusals: token<LocalRefusals>('LocalRefusals'),
  Authenticate: token<Authenticate>('Authenticate'),
  AdmitRequest: token<AdmitRequest>('AdmitRequest'),
  BrowserOrigins: token<BrowserOrigins>('BrowserOrigins'),
  LiftKeyBan: token<LiftKeyBan>('LiftKeyBan'),
  ManageApiKeys: token<ManageApiKeys>('ManageApiKeys'),
  ManageAdminCredentials: token<ManageAdminCredentials>('ManageAdminCredentials'),
  AdmitAdminRequest: token<AdmitAdminRequest>('AdmitAdminRequest'),
  ReadUsage: token<ReadUsage>('ReadUsage'),
} as const;

const T = ACCESS_TOKENS;
const { Clock, Auditor } = SHARED_TOKENS;

/** Refused requests are counted as strikes towards a ban within this span. */
const STRIKE_WINDOW_MS = 60_000;

/** Key-minutes of usage an instance holds while its store cannot take them (a few hundred bytes each). */
const USAGE_MAX_PENDING = 50_000;

const banPolicy = (config: AppConfig): BanPolicy => ({
  threshold: config.ban.threshold,
  durationMs: config.ban.durationMs,
  strikeWindowMs: STRIKE_WINDOW_MS,
});

export const accessModule: FeatureModule<AccessPorts, AccessSettings, typeof ACCESS_TOKENS> = {
  name: 'access',
  tokens: ACCESS_TOKENS,
  settings: accessSettings,
  storage: accessStorage,
  metrics: [AccessMetrics],
  errors: ACCESS_ERRORS,
  tags: {
    public: [{ name: 'rate limits', description: "The caller's quota and usage" }],
    admin: [
      { name: 'keys', description: 'API keys: issue, change, rotate, revoke' },
      { name: 'usage', description: 'What each key used, and who still calls a deprecated operation' },
      { name: 'audit', description: 'Who changed what' },
      { name: 'credentials', description: 'Admin credentials: issue, list, revoke' },
    ],
  },
  probes: (adapters, config, engines) => ({
    apiKeys: { check: () => adapters.apiKeys.ping(), critical: true, backend: engines.store },
    // Without Redis the limiter is this instance's; with it, critical unless the limiter fails open.
    rateLimiter: {
      check: () => adapters.rateLimiter.ping(),
      critical: engines.redis === null || config.rateLimitFailureMode === 'closed',
      backend: engines.redis ?? 'memory',
    },
  }),
  register: (c, { config, adapters, observers }) => {
    provide(c, T.ApiKeyStore, { useValue: adapters.apiKeys });
    provide(c, T.AdminCredentialStore, { useValue: adapters.adminCredentials });
    provide(c, T.RateLimiter, { useValue: adapters.rateLimiter });
    provide(c, T.UsageStore, { useValue: adapters.usage });
    const ban = banPolicy(config);
    provide(
      c,
      T.BrowserOrigins,
      once((d) => new BrowserOrigins(resolve(d, T.ApiKeyStore), resolve(d, Clock), config.keyCacheTtlMs)),
    );
    provide(
      c,
      T.UsageRecorder,
      once(
        (d) =>
          new UsageRecorder(resolve(d, T.UsageStore), resolve(d, Clock), {
            maxEntries: USAGE_MAX_PENDING,
            ...(observers && { events: usageEvents(observers, adapters.usageEngine) }),
          }),
      ),
    );
    provide(
      c,
      T.ReadUsage,
      once(
        (d) =>
          new ReadUsage(resolve(d, T.UsageStore), resolve(d, T.ApiKeyStore), resolve(d, Clock), [getPetDeprecation(config.getPetRemoval)]),
      ),
    );
    provide(
      c,
      T.Authenticate,
      once((d) => new Authenticate(resolve(d, T.ApiKeyStore), resolve(d, Clock), config.environment)),
    );
    provide(
      c,
      T.AdmitRequest,
      once((d) => new AdmitRequest(resolve(d, T.Authenticate), resolve(d, T.RateLimiter), ban, resolve(d, T.LocalRefusals))),
    );
    provide(
      c,
      T.LiftKeyBan,
      once((d) => new LiftKeyBan(resolve(d, T.ApiKeyStore), resolve(d, T.RateLimiter), resolve(d, Auditor), resolve(d, Clock), ban)),
    );
    provide(
      c,
      T.LocalRefusals,
      once(
        (d) =>
          new LocalRefusals(resolve(d, T.RateLimiter), resolve(d, Clock), {
            maxEntries: config.refusalCacheSize,
            ...(observers && { events: refusalEvents(observers) }),
          }),
      ),
    );
    provide(
      c,
      T.ManageApiKeys,
      once((d) => new ManageApiKeys(resolve(d, T.ApiKeyStore), resolve(d, Auditor), resolve(d, Clock), config.environment)),
    );
    provide(
      c,
      T.ManageAdminCredentials,
      once((d) => new ManageAdminCredentials(resolve(d, T.AdminCredentialStore), resolve(d, Auditor), resolve(d, Clock))),
    );
    provide(
      c,
      T.AdmitAdminRequest,
      once((d) => new AdmitAdminRequest(resolve(d, T.AdminCredentialStore), resolve(d, T.RateLimiter), ban, resolve(d, Auditor))),
    );
  },
  gates: (d, metrics) => ({
    public: (v1, app, isPublicRoute) => {
      const admitRequest = resolve(d, T.AdmitRequest);
      // Before admission: a preflight carries no key and is answered here.
      corsPlugin(v1, { origins: resolve(d, T.BrowserOrigins), admitRequest, root: app });
      admissionPlugin(v1, { metrics, admitRequest, isPublicRoute });
    },
    admin: (admin) => adminAuthPlugin(admin, resolve(d, T.AdmitAdminRequest)),
  }),
  publicRoutes: (d, config) => {
    const admitRequest = resolve(d, T.AdmitRequest);
    const flushSeconds = config.usageFlushMs / 1000;
    return [
      (v1) => rateLimitRoutes(v1, { admitRequest }),
      (v1) => usageRoutes(v1, { usage: resolve(d, T.ReadUsage), admitRequest, flushSeconds }),
    ];
  },
  adminRoutes: (d, config, basePath) => {
    const usage = resolve(d, T.ReadUsage);
    const flushSeconds = config.usageFlushMs / 1000;
    return [
      (admin) =>
        keyRoutes(admin, {
          keys: resolve(d, T.ManageApiKeys),
          liftBan: resolve(d, T.LiftKeyBan),
          usage,
          clock: resolve(d, Clock),
          defaultGraceMs: config.keyRotationGraceMs,
          basePath,
        }),
      (admin) => adminUsageRoutes(admin, { usage, flushSeconds }),
      (admin) => auditRoutes(admin, { auditor: resolve(d, Auditor), basePath }),
      (admin) => credentialRoutes(admin, { credentials: resolve(d, T.ManageAdminCredentials), basePath }),
    ];
  },
  schemas: {
    public: [WindowStatusSchema, RateLimitStatusSchema, UsageReportSchema, UsageBucketSchema],
    admin: [
      ApiKeySchema,
      IssuedApiKeySchema,
      ApiKeysSchema,
      NewApiKeySchema,
      ApiKeyChangesSchema,
      RotationSchema,
      LimitsSchema,
      AuditEventSchema,
      AuditEventsSchema,
      AdminCredentialSchema,
      IssuedAdminCredentialSchema,
      AdminCredentialsSchema,
      NewAdminCredentialSchema,
      UsageReportSchema,
      UsageBucketSchema,
      DeprecationsSchema,
    ],
  },
  start: ({ container, config, metrics }) => {
    const refusals = resolve(container, T.LocalRefusals);
    metrics.feature(AccessMetrics).countRefusalCache(() => refusals.size);
    // The counts of the last requests, before the connections go.
    return [flushEvery(resolve(container, T.UsageRecorder), config.usageFlushMs, metrics), () => refusals.flush()];
  },
};

/** Flushes the usage counts every `intervalMs`. The returned function stops the timer and flushes what is left. */
export function flushEvery(recorder: UsageRecorder, intervalMs: number, metrics?: Metrics): () => Promise<void> {
  const stop = every(intervalMs, async () => {
    await recorder.flush();
    metrics?.feature(AccessMetrics).usagePending(recorder.pending);
  });
  return async () => {
    await stop();
    await recorder.flush();
  };
}

/** Usage counts not stored: counted against their engine, and logged where an operator acts. */
function usageEvents({ metrics, logger }: Observers, engine: AccessPorts['usageEngine']): UsageRecorderEvents {
  return {
    flushFailed: (error, entries) => {
      if (engine !== 'memory') metrics.storageFailure(engine, isTimeout(error) ? 'timeout' : 'unavailable');
      logger.warn({ err: error, entries }, 'Usage counts could not be stored; they are kept and retried at the next flush');
    },
    dropped: (requests) => metrics.feature(AccessMetrics).usageDropped(requests),
  };
}

/** Refusals answered without the limiter, counted; the limiter's outage is logged once where it is seen (FailoverRateLimiter). */
function refusalEvents({ metrics }: Observers): LocalRefusalEvents {
  return {
    answered: () => metrics.feature(AccessMetrics).refusedLocally(),
    strikesLost: (count) => metrics.feature(AccessMetrics).strikesLost(count),
  };
}

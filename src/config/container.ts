/** Registration: the use cases, wired to the ports the chosen adapters fill. */
import { BrowserOrigins } from '../application/use-cases/browser-origins.js';
import 'reflect-metadata';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { TOKENS } from '../application/ports/tokens.js';
import { AdmitRequest } from '../application/use-cases/admit-request.js';
import { Authenticate } from '../application/use-cases/authenticate.js';
import { CreatePet } from '../application/use-cases/create-pet.js';
import { GetPet } from '../application/use-cases/get-pet.js';
import { ChangePet } from '../application/use-cases/change-pet.js';
import { AdoptionRequests } from '../application/use-cases/adoption-requests.js';
import { SettleHolds } from '../application/use-cases/settle-holds.js';
import { ListPets } from '../application/use-cases/list-pets.js';
import { ManageApiKeys } from '../application/use-cases/manage-api-keys.js';
import { ManageAdminCredentials } from '../application/use-cases/manage-admin-credentials.js';
import { AdmitAdminRequest } from '../application/use-cases/authenticate-admin.js';
import { Auditor } from '../application/audit.js';
import { ReadUsage } from '../application/use-cases/read-usage.js';
import { UsageRecorder, type UsageRecorderEvents } from '../application/usage-recorder.js';
import type { BanPolicy } from '../domain/rate-limit.js';
import { getPetDeprecation } from '../domain/deprecation.js';
import type { Adapters } from './adapters.js';
import type { AppConfig } from './env.js';

/** Refused requests are counted as strikes towards a ban within this span. */
const STRIKE_WINDOW_MS = 60_000;

/**
 * An in-flight Idempotency-Key claim outlives any create (each is bounded by MONGODB_TIMEOUT_MS), so
 * it is taken over only when its holder died; until then, repeats get 409.
 */
function idempotencyLeaseMs(config: AppConfig): number {
  return Math.max(10_000, 3 * (config.mongo?.timeoutMs ?? 0));
}

/** Key-minutes of usage an instance holds while its store cannot take them (a few hundred bytes each). */
const USAGE_MAX_PENDING = 50_000;

export interface ContainerOptions {
  /** Told when usage counts cannot be flushed or are dropped. */
  readonly usageEvents?: UsageRecorderEvents;
}

export function buildContainer(config: AppConfig, adapters: Adapters, options: ContainerOptions = {}): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.register(TOKENS.Clock, { useValue: adapters.clock });
  c.register(TOKENS.PetRepository, { useValue: adapters.pets });
  c.register(TOKENS.OrderRepository, { useValue: adapters.orders });
  c.register(TOKENS.ApiKeyStore, { useValue: adapters.apiKeys });
  c.register(TOKENS.RateLimiter, { useValue: adapters.rateLimiter });
  c.register(TOKENS.IdempotencyStore, { useValue: adapters.idempotency });
  c.register(TOKENS.AdminCredentialStore, { useValue: adapters.adminCredentials });
  c.register(TOKENS.AuditLog, { useValue: adapters.audit });
  c.register(TOKENS.UsageStore, { useValue: adapters.usage });
  const deprecation = getPetDeprecation(config.getPetRemoval);
  const ban: BanPolicy = { threshold: config.ban.threshold, durationMs: config.ban.durationMs, strikeWindowMs: STRIKE_WINDOW_MS };
  const once = <T>(make: (d: DependencyContainer) => T) => ({ useFactory: instanceCachingFactory<T>(make) });
  c.register(
    TOKENS.ListPets,
    once((d) => new ListPets(d.resolve(TOKENS.PetRepository))),
  );
  c.register(
    TOKENS.BrowserOrigins,
    once((d) => new BrowserOrigins(d.resolve(TOKENS.ApiKeyStore), d.resolve(TOKENS.Clock), config.keyCacheTtlMs)),
  );
  c.register(
    TOKENS.CreatePet,
    once(
      (d) =>
        new CreatePet(d.resolve(TOKENS.PetRepository), d.resolve(TOKENS.IdempotencyStore), d.resolve(TOKENS.Clock), {
          ttlMs: config.idempotencyTtlMs,
          leaseMs: idempotencyLeaseMs(config),
        }),
    ),
  );
  c.register(
    TOKENS.SettleHolds,
    once((d) => new SettleHolds(d.resolve(TOKENS.PetRepository), d.resolve(TOKENS.OrderRepository), d.resolve(TOKENS.Clock))),
  );
  c.register(
    TOKENS.GetPet,
    once((d) => new GetPet(d.resolve(TOKENS.PetRepository), d.resolve(TOKENS.SettleHolds), d.resolve(TOKENS.Clock), deprecation)),
  );
  c.register(
    TOKENS.ChangePet,
    once(
      (d) => new ChangePet(d.resolve(TOKENS.PetRepository), d.resolve(TOKENS.SettleHolds), d.resolve(TOKENS.Clock), config.legacyPetOwner),
    ),
  );
  c.register(
    TOKENS.AdoptionRequests,
    once(
      (d) =>
        new AdoptionRequests(
          d.resolve(TOKENS.PetRepository),
          d.resolve(TOKENS.OrderRepository),
          d.resolve(TOKENS.SettleHolds),
          d.resolve(TOKENS.Clock),
          config.legacyPetOwner,
        ),
    ),
  );
  c.register(
    TOKENS.UsageRecorder,
    once(
      (d) =>
        new UsageRecorder(d.resolve(TOKENS.UsageStore), d.resolve(TOKENS.Clock), {
          maxEntries: USAGE_MAX_PENDING,
          ...(options.usageEvents && { events: options.usageEvents }),
        }),
    ),
  );
  c.register(
    TOKENS.ReadUsage,
    once((d) => new ReadUsage(d.resolve(TOKENS.UsageStore), d.resolve(TOKENS.ApiKeyStore), d.resolve(TOKENS.Clock), [deprecation])),
  );
  c.register(
    TOKENS.Authenticate,
    once((d) => new Authenticate(d.resolve(TOKENS.ApiKeyStore), d.resolve(TOKENS.Clock), config.environment)),
  );
  c.register(
    TOKENS.AdmitRequest,
    once((d) => new AdmitRequest(d.resolve(TOKENS.Authenticate), d.resolve(TOKENS.RateLimiter), ban)),
  );
  c.register(
    TOKENS.Auditor,
    once((d) => new Auditor(d.resolve(TOKENS.AuditLog), d.resolve(TOKENS.Clock))),
  );
  c.register(
    TOKENS.ApiKeys,
    once((d) => new ManageApiKeys(d.resolve(TOKENS.ApiKeyStore), d.resolve(TOKENS.Auditor), d.resolve(TOKENS.Clock), config.environment)),
  );
  c.register(
    TOKENS.AdminCredentials,
    once((d) => new ManageAdminCredentials(d.resolve(TOKENS.AdminCredentialStore), d.resolve(TOKENS.Auditor), d.resolve(TOKENS.Clock))),
  );
  c.register(
    TOKENS.AdmitAdminRequest,
    once(
      (d) => new AdmitAdminRequest(d.resolve(TOKENS.AdminCredentialStore), d.resolve(TOKENS.RateLimiter), ban, d.resolve(TOKENS.Auditor)),
    ),
  );
  return c;
}

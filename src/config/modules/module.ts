/**
 * What a feature's module gives the composition root: its tokens' registrations (use cases and
 * services), its routes on each door, the schemas its routes name, and its background work. A new use
 * case touches its feature's folders and its module file alone.
 */
import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { Gate, Routes } from '../../adapters/shared/http/public-app.js';
import type { Metrics } from '../../adapters/shared/metrics/metrics.js';
import type { Adapters } from '../adapters.js';
import type { AppConfig } from '../env.js';
import type { UsageRecorderEvents } from '../../application/access/services/usage-recorder.js';
import type { LocalRefusalEvents } from '../../application/access/services/local-refusals.js';
import type { EventRelayEvents } from '../../application/adoption/services/event-relay.js';
import type { WebhookDispatcherEvents } from '../../application/webhooks/services/webhook-dispatcher.js';
import type { Provider } from '../tokens.js';

/** What the features' services tell of their work, for metrics and logs. */
export interface ContainerOptions {
  /** Told when usage counts cannot be flushed or are dropped. */
  readonly usageEvents?: UsageRecorderEvents;
  /** Told what each relay pass moved into the event feed. */
  readonly eventRelayEvents?: EventRelayEvents;
  /** Told of each webhook attempt and each endpoint disabled. */
  readonly webhookEvents?: WebhookDispatcherEvents;
  /** Told of each refusal answered without the limiter, and of strikes it could not take. */
  readonly refusalEvents?: LocalRefusalEvents;
}

export interface ModuleContext {
  readonly config: AppConfig;
  readonly adapters: Adapters;
  /** Told of what the feature's services do, for metrics and logs. */
  readonly events: ContainerOptions;
}

/** What a feature's background work runs with. */
export interface RunContext {
  readonly container: DependencyContainer;
  readonly config: AppConfig;
  readonly adapters: Adapters;
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/** Stops a piece of background work, finishing what it has under way. */
export type Stop = () => Promise<void>;

export interface FeatureModule {
  readonly name: string;
  /** Gives the feature's tokens: its ports (from the chosen adapters), services and use cases. */
  readonly register: (container: DependencyContainer, context: ModuleContext) => void;
  /** The routes the feature serves under /v1, in the order the document lists them. */
  readonly publicRoutes?: (container: DependencyContainer, config: AppConfig, basePath: string) => Routes[];
  /** The routes the feature serves under /admin/v1, in the order the document lists them. */
  readonly adminRoutes?: (container: DependencyContainer, config: AppConfig, basePath: string) => Routes[];
  /** The schemas of its routes that become named components, each with its own description, per door. */
  readonly schemas?: { readonly public?: readonly unknown[]; readonly admin?: readonly unknown[] };
  /** What every request meets before its route, per door (one feature, access, gives them). */
  readonly gates?: (container: DependencyContainer, metrics: Metrics) => { readonly public: Gate; readonly admin: Gate };
  /** Starts the feature's background work; the stops run when the application closes, in order. */
  readonly start?: (run: RunContext) => Stop[];
}

/** One instance per container, made on first use. */
export function once<T>(make: (container: DependencyContainer) => T): Provider<T> {
  return { useFactory: instanceCachingFactory<T>(make) };
}

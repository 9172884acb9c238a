/** Registration: every feature's use cases and services, wired to the ports the chosen adapters fill. */
import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { Adapters } from './adapters.js';
import type { AppConfig } from './env.js';
import { FEATURES } from './modules/features.js';
import type { Observers } from './modules/module.js';

/** A container of its own per application, so that instances (and tests) share nothing. */
export function buildContainer(config: AppConfig, adapters: Adapters, observers?: Observers): DependencyContainer {
  const c = rootContainer.createChildContainer();
  for (const feature of FEATURES) feature.register(c, { config, adapters, ...(observers && { observers }) });
  return c;
}

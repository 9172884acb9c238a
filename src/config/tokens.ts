/**
 * Injection tokens for the ports and use cases, shared by the composition root and the tests. Each
 * carries the type it resolves to: `provide` and `resolve` check it, so a swapped token does not
 * compile (tsyringe's own symbols are untyped).
 */
import type { DependencyContainer } from 'tsyringe';
import type { AdminCredentialStore } from '../application/access/ports/admin-credential-store.js';
import type { ApiKeyStore } from '../application/access/ports/api-key-store.js';
import type { AuditLog } from '../application/shared/ports/audit-log.js';
import type { Clock } from '../application/shared/ports/clock.js';
import type { PetCreateClaims } from '../application/adoption/ports/pet-create-claims.js';
import type { AdoptionRequestRepository } from '../application/adoption/ports/adoption-request-repository.js';
import type { PetRepository } from '../application/adoption/ports/pet-repository.js';
import type { RateLimiter } from '../application/access/ports/rate-limiter.js';
import type { UsageStore } from '../application/access/ports/usage-store.js';
import type { EventFeed } from '../application/adoption/ports/event-feed.js';
import type { EventRelay } from '../application/adoption/services/event-relay.js';
import type { ReadEvents } from '../application/adoption/use-cases/read-events.js';
import type { Auditor } from '../application/shared/services/auditor.js';
import type { UsageRecorder } from '../application/access/services/usage-recorder.js';
import type { AdmitAdminRequest } from '../application/access/use-cases/admit-admin-request.js';
import type { AdmitRequest } from '../application/access/use-cases/admit-request.js';
import type { LocalRefusals } from '../application/access/services/local-refusals.js';
import type { LiftKeyBan } from '../application/access/use-cases/lift-key-ban.js';
import type { AdoptionRequests } from '../application/adoption/use-cases/adoption-requests.js';
import type { Authenticate } from '../application/access/use-cases/authenticate.js';
import type { BrowserOrigins } from '../application/access/use-cases/browser-origins.js';
import type { ChangePet } from '../application/adoption/use-cases/change-pet.js';
import type { CreatePet } from '../application/adoption/use-cases/create-pet.js';
import type { GetPet } from '../application/adoption/use-cases/get-pet.js';
import type { ListPets } from '../application/adoption/use-cases/list-pets.js';
import type { ManageAdminCredentials } from '../application/access/use-cases/manage-admin-credentials.js';
import type { ManageApiKeys } from '../application/access/use-cases/manage-api-keys.js';
import type { ReadUsage } from '../application/access/use-cases/read-usage.js';
import type { SettleHolds } from '../application/adoption/use-cases/settle-holds.js';
import type { ManageWebhookEndpoints } from '../application/webhooks/use-cases/manage-webhook-endpoints.js';
import type { WebhookDeliveries } from '../application/webhooks/use-cases/webhook-deliveries.js';
import type { InspectWebhooks } from '../application/webhooks/use-cases/inspect-webhooks.js';
import type { WebhookDispatcher } from '../application/webhooks/services/webhook-dispatcher.js';
import type { WebhookDeliveryStore } from '../application/webhooks/ports/webhook-delivery-store.js';
import type { WebhookSender } from '../application/webhooks/ports/webhook-sender.js';
import type { WebhookEndpointStore } from '../application/webhooks/ports/webhook-endpoint-store.js';
import type { AddressResolver } from '../application/webhooks/ports/address-resolver.js';

/** A token that resolves to a T (the type exists only for the compiler). */
export type Token<T> = symbol & { readonly resolvesTo?: T };

const token = <T>(name: string): Token<T> => Symbol(name);

export const TOKENS = {
  // Ports, filled by the chosen adapters.
  Clock: token<Clock>('Clock'),
  PetRepository: token<PetRepository>('PetRepository'),
  AdoptionRequestRepository: token<AdoptionRequestRepository>('OrderRepository'),
  ApiKeyStore: token<ApiKeyStore>('ApiKeyStore'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  PetCreateClaims: token<PetCreateClaims>('IdempotencyStore'),
  AdminCredentialStore: token<AdminCredentialStore>('AdminCredentialStore'),
  AuditLog: token<AuditLog>('AuditLog'),
  UsageStore: token<UsageStore>('UsageStore'),
  EventFeed: token<EventFeed>('EventFeed'),
  WebhookEndpointStore: token<WebhookEndpointStore>('WebhookEndpointStore'),
  AddressResolver: token<AddressResolver>('AddressResolver'),
  WebhookDeliveryStore: token<WebhookDeliveryStore>('WebhookDeliveryStore'),
  WebhookSender: token<WebhookSender>('WebhookSender'),
  // Application services, shared by several use cases.
  Auditor: token<Auditor>('Auditor'),
  UsageRecorder: token<UsageRecorder>('UsageRecorder'),
  EventRelay: token<EventRelay>('EventRelay'),
  WebhookDispatcher: token<WebhookDispatcher>('WebhookDispatcher'),
  // Use cases.
  ListPets: token<ListPets>('ListPets'),
  CreatePet: token<CreatePet>('CreatePet'),
  GetPet: token<GetPet>('GetPet'),
  ChangePet: token<ChangePet>('ChangePet'),
  SettleHolds: token<SettleHolds>('SettleHolds'),
  AdoptionRequests: token<AdoptionRequests>('AdoptionRequests'),
  Authenticate: token<Authenticate>('Authenticate'),
  AdmitRequest: token<AdmitRequest>('AdmitRequest'),
  LocalRefusals: token<LocalRefusals>('LocalRefusals'),
  LiftKeyBan: token<LiftKeyBan>('LiftKeyBan'),
  BrowserOrigins: token<BrowserOrigins>('BrowserOrigins'),
  ManageApiKeys: token<ManageApiKeys>('ManageApiKeys'),
  ManageAdminCredentials: token<ManageAdminCredentials>('ManageAdminCredentials'),
  AdmitAdminRequest: token<AdmitAdminRequest>('AdmitAdminRequest'),
  ReadUsage: token<ReadUsage>('ReadUsage'),
  ReadEvents: token<ReadEvents>('ReadEvents'),
  ManageWebhookEndpoints: token<ManageWebhookEndpoints>('ManageWebhookEndpoints'),
  WebhookDeliveries: token<WebhookDeliveries>('WebhookDeliveries'),
  InspectWebhooks: token<InspectWebhooks>('InspectWebhooks'),
} as const;

/** What a token resolves to, typed by the token. */
export function resolve<T>(container: DependencyContainer, token: Token<T>): T {
  return container.resolve<T>(token);
}

/** What a token is given: a value, or a factory of one. */
export type Provider<T> = { readonly useValue: T } | { readonly useFactory: (container: DependencyContainer) => T };

/** Registers what a token resolves to, typed by the token. */
export function provide<T>(container: DependencyContainer, token: Token<T>, provider: Provider<T>): void {
  if ('useValue' in provider) container.register<T>(token, { useValue: provider.useValue });
  else container.register<T>(token, { useFactory: provider.useFactory });
}

/**
 * The admin API: a second door, on a listener of its own (ADMIN_HOST, loopback by default), so that it
 * is never exposed with the public API by accident. Built on the same base as the public app (request
 * ids, logging, JSON bodies, validation, the Error body) and calling the same use cases as the key tool.
 */
import type { FastifyInstance } from 'fastify';
import { registerOpenApi, serveOpenApi, type DoorDocument } from './plugins/openapi.js';
import type { Auditor } from '../../../application/shared/services/auditor.js';
import type { Clock } from '../../../application/shared/ports/clock.js';
import type { AdmitAdminRequest } from '../../../application/access/use-cases/admit-admin-request.js';
import type { ManageAdminCredentials } from '../../../application/access/use-cases/manage-admin-credentials.js';
import type { ManageApiKeys } from '../../../application/access/use-cases/manage-api-keys.js';
import type { ReadUsage } from '../../../application/access/use-cases/read-usage.js';
import { ADMIN_SCOPES } from '../../../domain/access/admin-credential.js';
import { createBaseApp, type BaseAppOptions } from './base-app.js';
import { operationCodes, type ErrorCode } from './error-catalogue.js';
import { ownDescriptionsOf, type DocumentProfile } from './openapi-document.js';
import { refuseUnrouted } from './plugins/unrouted.js';
import { metricsRoute } from './routes/metrics.js';
import { ErrorSchema } from './schemas/error-schema.js';
import { adminAuthPlugin } from '../../access/http/admin/admin-auth.js';
import {
  ApiKeyChangesSchema,
  ApiKeySchema,
  ApiKeysSchema,
  IssuedApiKeySchema,
  LimitsSchema,
  NewApiKeySchema,
  RotationSchema,
} from '../../access/http/admin/key-schemas.js';
import { AuditEventSchema, AuditEventsSchema } from '../../access/http/admin/audit-schemas.js';
import {
  AdminCredentialSchema,
  AdminCredentialsSchema,
  IssuedAdminCredentialSchema,
  NewAdminCredentialSchema,
} from '../../access/http/admin/credential-schemas.js';
import { credentialRoutes } from '../../access/http/admin/credentials.js';
import { auditRoutes } from '../../access/http/admin/audit.js';
import { adminUsageRoutes } from '../../access/http/admin/usage.js';
import { DeprecationsSchema, UsageBucketSchema, UsageReportSchema } from '../../access/http/usage-schemas.js';
import { keyRoutes } from '../../access/http/admin/keys.js';
import type { LiftKeyBan } from '../../../application/access/use-cases/lift-key-ban.js';
import { adminEventRoutes } from '../../adoption/http/admin-events.js';
import { adminWebhookRoutes } from '../../webhooks/http/admin-webhooks.js';
import type { InspectWebhooks } from '../../../application/webhooks/use-cases/inspect-webhooks.js';
import { EventSchema, EventsSchema } from '../../adoption/http/event-schemas.js';
import type { ReadEvents } from '../../../application/adoption/use-cases/read-events.js';

export const ADMIN_BASE_PATH = '/admin/v1';

export interface AdminAppDeps {
  readonly events: ReadEvents;
  readonly webhooks: InspectWebhooks;
  readonly keys: ManageApiKeys;
  readonly liftBan: LiftKeyBan;
  readonly credentials: ManageAdminCredentials;
  readonly usage: ReadUsage;
  readonly auditor: Auditor;
  readonly admitAdminRequest: AdmitAdminRequest;
  readonly clock: Clock;
}

export interface AdminAppOptions extends BaseAppOptions {
  readonly defaultGraceMs: number;
  /** WEBHOOK_ENDPOINTS_PER_OWNER: how many endpoints an owner's listing can hold. */
  readonly maxWebhookEndpointsPerOwner: number;
  /** How often instances flush usage counts (USAGE_FLUSH_SECONDS). */
  readonly usageFlushSeconds: number;
  /** GET /metrics here (the default), with the bearer token it asks for (null: open); null: served on the public listener. */
  readonly metricsEndpoint: { readonly token: string | null } | null;
}

/** The codes each admin operation's error responses can carry. */
const ADMIN_CODES: readonly ErrorCode[] = [
  'invalid_request',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'gone',
  'key_not_active',
  'idempotency_key_reused',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'key_banned',
  'internal_error',
  'service_unavailable',
];

const ADMIN_PROFILE: DocumentProfile = {
  ownDescriptions: ownDescriptionsOf([
    ErrorSchema,
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
    EventSchema,
    EventsSchema,
  ]),
  codesFor: (status, operationId) =>
    operationCodes(status).filter(
      (code) =>
        ADMIN_CODES.includes(code) && (operationId === 'createKey' || operationId === 'rotateKey' || code !== 'idempotency_key_reused'),
    ),
};

export async function buildAdminApp(deps: AdminAppDeps, options: AdminAppOptions): Promise<FastifyInstance> {
  const app = createBaseApp(options, 'animal-adoption-admin');
  refuseUnrouted(app, app, ADMIN_BASE_PATH, (request) => !request.url.startsWith(`${ADMIN_BASE_PATH}/`));

  const door: DoorDocument = {
    basePath: ADMIN_BASE_PATH,
    title: 'Animal Adoption API: admin',
    productName: 'Animal Adoption admin API',
    version: '1.0.0',
    description: adminDescription(),
    servers: [],
    thisServer: 'This admin listener',
    security: {
      scheme: 'adminAuth',
      description: 'An admin credential (`adopt_admin_...`), as `Authorization: Bearer <credential>`; never an API key',
    },
    tags: [
      { name: 'keys', description: 'API keys: issue, change, rotate, revoke' },
      { name: 'usage', description: 'What each key used, and who still calls a deprecated operation' },
      { name: 'audit', description: 'Who changed what' },
      { name: 'credentials', description: 'Admin credentials: issue, list, revoke' },
      { name: 'events', description: 'The event feed, every event' },
      { name: 'webhooks', description: "Owners' webhook endpoints and their failures" },
    ],
    profile: ADMIN_PROFILE,
  };
  await registerOpenApi(app, door);

  // Outside /admin/v1 and its credentials, for Prometheus: the admin listener is private.
  if (options.metricsEndpoint) await app.register(metricsRoute, { metrics: options.metrics, token: options.metricsEndpoint.token });

  await app.register(
    async (admin) => {
      adminAuthPlugin(admin, deps.admitAdminRequest);
      refuseUnrouted(admin, app, ADMIN_BASE_PATH);
      await admin.register(keyRoutes, {
        keys: deps.keys,
        liftBan: deps.liftBan,
        usage: deps.usage,
        clock: deps.clock,
        defaultGraceMs: options.defaultGraceMs,
        basePath: ADMIN_BASE_PATH,
      });
      await admin.register(adminUsageRoutes, { usage: deps.usage, flushSeconds: options.usageFlushSeconds });
      await admin.register(auditRoutes, { auditor: deps.auditor, basePath: ADMIN_BASE_PATH });
      await admin.register(credentialRoutes, { credentials: deps.credentials, basePath: ADMIN_BASE_PATH });
      await admin.register(adminEventRoutes, { events: deps.events, basePath: ADMIN_BASE_PATH });
      await admin.register(adminWebhookRoutes, { webhooks: deps.webhooks, maxPerOwner: options.maxWebhookEndpointsPerOwner });
      await serveOpenApi(admin, app, door);
    },
    { prefix: ADMIN_BASE_PATH },
  );
  return app;
}

function adminDescription(): string {
  return [
    'Issue, change, rotate and revoke API keys, read what each key used and who still calls a deprecated operation, read the audit log, and issue and revoke admin credentials. Served on a listener of its own (ADMIN_HOST, loopback by default): keep it off the public network.',
    '',
    '## Authentication',
    `Send an admin credential as \`Authorization: Bearer <credential>\`. Each credential carries scopes from ${ADMIN_SCOPES.map((s) => `\`${s}\``).join(', ')}; every operation names the one it needs. A missing, malformed, unknown or revoked credential (or an API key) gets 401 \`unauthorized\`, the same answer for each; a credential without the scope gets 403 \`forbidden\`. Failed authentications count against the client address with the limits and ban of a bad API key (429), and each one answered 401 is written to the audit log.`,
    '',
    '## Secrets',
    "A key's or an admin credential's secret is in the response that issues it (create, rotate) and nowhere else: not in a read, a list, an audit event or a log line. Those responses carry `Cache-Control: no-store`.",
    '',
    '## Errors',
    'Every error uses the Error body `{"code", "message", "status"}` of the public API. Bad input is refused with 400 before anything is stored.',
  ].join('\n');
}

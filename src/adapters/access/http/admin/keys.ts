// Over 300 lines: eight operations of one resource, each a schema and a one-hop handler; split, they would share nothing but imports.
/** The keys resource of the admin API: issue, list, read, change, rotate and revoke, each one hop from ManageApiKeys. */
import { missingBodyAsEmpty } from '../../../shared/http/plugins/json-body.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../../../application/shared/ports/clock.js';
import type { IssuedKey, IssueOutcome, ManageApiKeys } from '../../../../application/access/use-cases/manage-api-keys.js';
import type { ReadUsage } from '../../../../application/access/use-cases/read-usage.js';
import type { LiftKeyBan } from '../../../../application/access/use-cases/lift-key-ban.js';
import { keyStatus, recordLimits, type ApiKeyRecord } from '../../../../domain/access/api-key.js';
import { withHeaders } from '../../../shared/http/schemas/responses.js';
import { BODY_OPTIONAL } from '../../../shared/http/openapi-document.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
  linkNextHeader,
  nextPageLink,
} from '../../../shared/http/schemas/common-schemas.js';
import { decodeCursor, PAGE_LIMIT, pageOf } from '../../../../application/shared/cursor.js';

import { parseDate } from '../../../shared/http/schemas/dates.js';
import { actorOf } from '../../../shared/http/admin-actor.js';
import { adminErrorResponses, ADMIN_HEADERS } from '../../../shared/http/schemas/admin-responses.js';
import {
  ApiKeyChangesSchema,
  ApiKeySchema,
  ApiKeysSchema,
  IssuedApiKeySchema,
  KeyIdParamsSchema,
  KeyListQuerySchema,
  NewApiKeySchema,
  KeyLookupSchema,
  RevocationSchema,
  RotationSchema,
  NoBodySchema,
} from './key-schemas.js';
import { typed, type TypedApp } from '../../../shared/http/typed-app.js';

const IssueKeyHeadersSchema = idempotencyHeadersSchema('issuing another key');
const RotateKeyHeadersSchema = idempotencyHeadersSchema('rotating the key again');

export interface KeyRoutesOptions {
  readonly keys: ManageApiKeys;
  readonly liftBan: LiftKeyBan;
  /** When keys were last used, and their usage. */
  readonly usage: ReadUsage;
  readonly clock: Clock;
  /** The grace a rotation gives the old key when the request names none (KEY_ROTATION_GRACE_SECONDS). */
  readonly defaultGraceMs: number;
  /** Where the routes are mounted, for Location and Link. */
  readonly basePath: string;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const SECRET_HEADERS = {
  'Cache-Control': { type: 'string', description: '`no-store`: the response carries a secret', 'x-required': true },
  Location: { type: 'string', description: 'URL of the key', 'x-required': true },
} as const;

/** What the routes share: the options and the helpers made of them. */
function keyContext(options: KeyRoutesOptions) {
  const { keys, clock, basePath } = options;
  const { usage } = options;
  const view = (record: ApiKeyRecord, lastUsedMs: number | undefined) => ({
    id: record.id,
    name: record.name,
    plan: record.plan,
    limits: recordLimits(record),
    limitsSource: record.customLimits === undefined ? ('plan' as const) : ('override' as const),
    scopes: [...record.scopes],
    ownerId: record.ownerId,
    status: keyStatus(record, clock.nowMs()),
    createdAt: record.createdAt.toISOString(),
    expiresAt: iso(record.expiresAt),
    revokedAt: iso(record.revokedAt),
    lastUsedAt: lastUsedMs === undefined ? null : new Date(lastUsedMs).toISOString(),
    rotatedFrom: record.rotatedFrom,
    rotatedTo: record.rotatedTo ?? null,
    revokedReason: record.revokedReason ?? null,
    start: record.start ?? null,
    last4: record.last4 ?? null,
    allowedOrigins: record.allowedOrigins ? [...record.allowedOrigins] : null,
  });
  /** Records as operators see them, with when each was last used (from the usage counts). */
  const present = async (record: ApiKeyRecord) => view(record, (await usage.lastUsed([record.id])).get(record.id));
  const presentAll = async (records: ApiKeyRecord[]) => {
    const lastUsed = await usage.lastUsed(records.map((record) => record.id));
    return records.map((record) => view(record, lastUsed.get(record.id)));
  };
  const location = (id: string) => `${basePath}/keys/${id}`;
  /** The answer to an issue or a rotation: 201 with the secret, or 200 without it when an Idempotency-Key replays. */
  const answerIssued = async (reply: FastifyReply, outcome: IssuedKey | IssueOutcome) => {
    if ('replayed' in outcome && outcome.replayed) {
      return reply
        .code(200)
        .header('Idempotent-Replayed', 'true')
        .send(await present(outcome.record));
    }
    return reply
      .code(201)
      .headers(secretHeaders(location(outcome.record.id)))
      .send({ ...view(outcome.record, undefined), key: outcome.key });
  };

  return { keys, clock, basePath, usage, view, present, presentAll, location, answerIssued, options };
}

function createKeyRoute(app: TypedApp, { keys, answerIssued }: ReturnType<typeof keyContext>): void {
  app.post(
    '/keys',
    {
      config: { adminScope: 'keys:write' },
      schema: {
        operationId: 'createKey',
        summary: 'Issue an API key',
        description:
          'Needs `keys:write`. The response carries the secret (`key`) this once: it is never shown again, ' +
          'nor kept. With an `Idempotency-Key`, a repeat with the same body answers 200 with the key the ' +
          'first request issued (marked `Idempotent-Replayed: true`) and without its secret, which was ' +
          'shown once; if that response was lost, rotate the key. The same Idempotency-Key with another ' +
          'body is refused with 422.',
        tags: ['keys'],
        headers: IssueKeyHeadersSchema,
        body: NewApiKeySchema,
        response: {
          201: withHeaders(IssuedApiKeySchema, 'The key, with its secret', SECRET_HEADERS, ADMIN_HEADERS),
          200: withHeaders(
            ApiKeySchema,
            'A repeat with the same Idempotency-Key and body: the key issued then, without its secret',
            {
              'Idempotent-Replayed': { type: 'string', description: '`true`', 'x-required': true },
            },
            ADMIN_HEADERS,
          ),
          ...adminErrorResponses(400, 401, 403, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const newKey = {
        name: body.name,
        plan: body.plan,
        ...(body.limits && { customLimits: body.limits }),
        ...(body.scopes && { scopes: body.scopes }),
        ...(body.expiresAt !== undefined && { expiresAt: parseDate(body.expiresAt, 'expiresAt') }),
        ...(body.ownerId !== undefined && { ownerId: body.ownerId }),
        ...(body.allowedOrigins !== undefined && { allowedOrigins: body.allowedOrigins }),
      };
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      const actor = actorOf(request);
      const outcome = idempotencyKey === undefined ? await keys.issue(newKey, actor) : await keys.issueOnce(newKey, actor, idempotencyKey);
      return answerIssued(reply, outcome);
    },
  );
}

function listKeysRoute(app: TypedApp, { keys, basePath, presentAll }: ReturnType<typeof keyContext>): void {
  app.get(
    '/keys',
    {
      config: { adminScope: 'keys:read' },
      schema: {
        operationId: 'listKeys',
        summary: 'List API keys, optionally filtered',
        description:
          'Needs `keys:read`. Keys come in the order they were issued. When more exist, the response ' +
          'carries `Link: <...>; rel="next"`; follow it for the next page. Never a secret.',
        tags: ['keys'],
        querystring: KeyListQuerySchema,
        response: {
          200: withHeaders(ApiKeysSchema, 'A page of keys', linkNextHeader('keys'), ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { limit = PAGE_LIMIT.default, cursor, status, plan, ownerId } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor, keyPosition);
      const filters = { status, plan, ownerId };
      const found = await keys.list({
        limit: limit + 1,
        ...(status !== undefined && { status }),
        ...(plan !== undefined && { plan }),
        ...(ownerId !== undefined && { ownerId }),
        ...(after && { after }),
      });
      const { rows: records, nextCursor } = pageOf(found, limit, (key) => `${key.createdAt.getTime()}.${key.id}`);
      if (nextCursor !== null) reply.header('Link', nextPageLink(`${basePath}/keys`, { limit, ...filters }, nextCursor));
      return presentAll(records);
    },
  );
}

function getKeyRoute(app: TypedApp, { keys, present }: ReturnType<typeof keyContext>): void {
  app.get(
    '/keys/:id',
    {
      config: { adminScope: 'keys:read' },
      schema: {
        operationId: 'getKey',
        summary: 'Read one API key',
        description: 'Needs `keys:read`. Never the secret.',
        tags: ['keys'],
        params: KeyIdParamsSchema,
        response: { 200: withHeaders(ApiKeySchema, 'The key', {}, ADMIN_HEADERS), ...adminErrorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => present(await keys.get(request.params.id)),
  );
}

function updateKeyRoute(app: TypedApp, { keys, present }: ReturnType<typeof keyContext>): void {
  app.patch(
    '/keys/:id',
    {
      config: { adminScope: 'keys:write' },
      schema: {
        operationId: 'updateKey',
        summary: "Change a key's name, plan, limits, scopes, expiry or owner",
        description:
          'Needs `keys:write`. Takes effect at once on the instance that served it and on every other ' +
          'within KEY_CACHE_TTL_SECONDS. `limits: null` removes an override (an enterprise key must keep ' +
          'its own). A plan change keeps an override in place: the `limitsSource` of the answer says ' +
          '`override` until `limits: null` is sent. A revoked key takes no change (409 `key_not_active`).',
        tags: ['keys'],
        params: KeyIdParamsSchema,
        body: ApiKeyChangesSchema,
        response: {
          200: withHeaders(ApiKeySchema, 'The key as changed', {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const record = await keys.update(
        request.params.id,
        {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.plan !== undefined && { plan: body.plan }),
          ...(body.limits !== undefined && { customLimits: body.limits }),
          ...(body.scopes !== undefined && { scopes: body.scopes }),
          ...(body.expiresAt !== undefined && { expiresAt: body.expiresAt === null ? null : parseDate(body.expiresAt, 'expiresAt') }),
          ...(body.ownerId !== undefined && { ownerId: body.ownerId }),
          ...(body.allowedOrigins !== undefined && { allowedOrigins: body.allowedOrigins }),
        },
        actorOf(request),
      );
      return present(record);
    },
  );
}

function lookupKeyRoute(app: TypedApp, { keys, present }: ReturnType<typeof keyContext>): void {
  app.post(
    '/keys/lookup',
    {
      config: { adminScope: 'keys:read' },
      schema: {
        operationId: 'lookupKey',
        summary: 'Find the record of a secret (a reported or leaked key)',
        description:
          'Needs `keys:read`. Finds the key by the hash of the secret sent in the body (never in the URL, ' +
          'so it stays out of access logs); the secret is never stored, logged or repeated, not even in a ' +
          "404. Audited (`key.lookup`, with the key found). Records show each secret's `start` and `last4` " +
          'to tell keys apart without a lookup.',
        tags: ['keys'],
        body: KeyLookupSchema,
        response: {
          200: withHeaders(ApiKeySchema, 'The key the secret belongs to', {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request) => present(await keys.lookup(request.body.key, actorOf(request))),
  );
}

function rotateKeyRoute(app: TypedApp, { keys, answerIssued, options }: ReturnType<typeof keyContext>): void {
  app.post(
    '/keys/:id/rotate',
    {
      config: { adminScope: 'keys:write' },
      preValidation: missingBodyAsEmpty,
      schema: {
        operationId: 'rotateKey',
        summary: 'Replace a key with a new secret, keeping its settings and quota',
        description:
          'Needs `keys:write`. Issues a new key with the same plan, limits, scopes, owner and expiry, ' +
          'counted against the same quota as the old one; the response carries its secret this once. The ' +
          'old key keeps working for `graceSeconds` (never past its own expiry). A revoked or expired key ' +
          'cannot be rotated, nor one already rotated whose successor is still active (409 ' +
          '`key_not_active`, naming the successor). Send an `Idempotency-Key` to make a retry after a lost ' +
          'response safe: a repeat with the same body answers 200 with the successor the first request made ' +
          '(marked `Idempotent-Replayed: true`), without its secret, which was shown once; the same ' +
          'Idempotency-Key with another key or body is refused with 422. The body may be left out.',
        tags: ['keys'],
        headers: RotateKeyHeadersSchema,
        params: KeyIdParamsSchema,
        body: RotationSchema,
        [BODY_OPTIONAL]: true,
        response: {
          201: withHeaders(IssuedApiKeySchema, 'The new key, with its secret', SECRET_HEADERS, ADMIN_HEADERS),
          200: withHeaders(
            ApiKeySchema,
            'A repeat with the same Idempotency-Key and body: the successor made then, without its secret',
            {
              'Idempotent-Replayed': { type: 'string', description: '`true`', 'x-required': true },
            },
            ADMIN_HEADERS,
          ),
          ...adminErrorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const graceMs = request.body?.graceSeconds === undefined ? options.defaultGraceMs : request.body.graceSeconds * 1000;
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      const actor = actorOf(request);
      const outcome =
        idempotencyKey === undefined
          ? await keys.rotate(request.params.id, graceMs, actor)
          : await keys.rotateOnce(request.params.id, graceMs, actor, idempotencyKey);
      return answerIssued(reply, outcome);
    },
  );
}

function revokeKeyRoute(app: TypedApp, { keys, present }: ReturnType<typeof keyContext>): void {
  app.post(
    '/keys/:id/revoke',
    {
      config: { adminScope: 'keys:write' },
      preValidation: missingBodyAsEmpty,
      schema: {
        operationId: 'revokeKey',
        summary: 'Stop a key at once',
        description:
          'Needs `keys:write`. The key gets 401 at once on the instance that served this, and on every ' +
          'other within KEY_CACHE_TTL_SECONDS. An optional `reason` is kept on the record (`revokedReason`) ' +
          'and in the audit event; any other field is refused. Revoking a revoked key changes nothing. A ' +
          'revoked key takes no further change (409 `key_not_active`).',
        tags: ['keys'],
        params: KeyIdParamsSchema,
        body: RevocationSchema,
        [BODY_OPTIONAL]: true,
        response: {
          200: withHeaders(ApiKeySchema, 'The key, revoked', {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request) => present(await keys.revoke(request.params.id, actorOf(request), request.body?.reason)),
  );
}

function unbanKeyRoute(app: TypedApp, { present, options }: ReturnType<typeof keyContext>): void {
  app.post(
    '/keys/:id/unban',
    {
      config: { adminScope: 'keys:write' },
      preValidation: missingBodyAsEmpty,
      schema: {
        operationId: 'unbanKey',
        summary: "Lift the block on a key's quota",
        description:
          'Needs `keys:write`. A key blocked for sending while limited (429 `key_banned`) may send again at ' +
          'once, as far as its windows allow: what they counted stays, its strikes are forgotten. The block ' +
          "is lifted for the key's quota, which a rotated key shares with its replacement. The instance " +
          'that served this stops refusing the key at once, every other within KEY_CACHE_TTL_SECONDS. ' +
          "Audited (`key.unban`, with the block's end as it was); lifting a key that is not blocked changes " +
          'nothing but its strikes. The request takes no body (an empty object is accepted).',
        tags: ['keys'],
        params: KeyIdParamsSchema,
        body: NoBodySchema,
        [BODY_OPTIONAL]: true,
        response: {
          200: withHeaders(ApiKeySchema, 'The key, free to send again', {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request) => present((await options.liftBan.execute(request.params.id, actorOf(request))).record),
  );
}

export async function keyRoutes(base: FastifyInstance, options: KeyRoutesOptions): Promise<void> {
  const app = typed(base);
  const context = keyContext(options);
  createKeyRoute(app, context);
  listKeysRoute(app, context);
  getKeyRoute(app, context);
  updateKeyRoute(app, context);
  lookupKeyRoute(app, context);
  rotateKeyRoute(app, context);
  revokeKeyRoute(app, context);
  unbanKeyRoute(app, context);
}

function secretHeaders(location: string): Record<string, string> {
  return { 'Cache-Control': 'no-store', Location: location };
}

/**
 * Reads a date the schema already checked for shape. A date that does not exist (February 30th, hour
 * 25) is refused: Date.parse would roll it over into another day.
 */

/** A key list's position: the last key's issue time and id. */
function keyPosition(text: string): { createdAt: Date; id: string } | null {
  const match = /^([0-9]{1,15})\.(key_[A-Za-z0-9]{16})$/.exec(text);
  return match?.[1] && match[2] ? { createdAt: new Date(Number(match[1])), id: match[2] } : null;
}

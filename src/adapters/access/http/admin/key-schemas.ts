/** TypeBox schemas of the admin API's keys: as operators see them (never a secret but once), and what they send. */
import { Type, type TSchema } from 'typebox';
import { KEY_SCOPES, KEY_STATUSES, MAX_ALLOWED_ORIGINS, ORIGIN_PATTERN } from '../../../../domain/access/api-key.js';
import { KEY_NAME_MAX_LENGTH, MAX_ROTATION_GRACE_MS, REVOKE_REASON_MAX_LENGTH } from '../../../../domain/access/key-rules.js';
import { OWNER_ID_MAX_LENGTH } from '../../../../domain/shared/owner.js';
import { LIMITS_RULE_TEXT, PLAN_IDS } from '../../../../domain/access/plans.js';
import { cursorQuery, limitQuery } from '../../../shared/http/schemas/common-schemas.js';
import { dateTime, dateTimeOrNull } from '../../../shared/http/schemas/dates.js';

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

const PlanSchema = Type.Unsafe<(typeof PLAN_IDS)[number]>({
  type: 'string',
  enum: [...PLAN_IDS],
  description: 'The plan the key is sold on',
  'x-invalid': `must be one of: ${PLAN_IDS.join(', ')}`,
});

const PositiveCount = (description: string) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description, 'x-invalid': 'must be a whole number of at least 1' });

export const LimitsSchema = Type.Object(
  { perMinute: PositiveCount('Requests allowed per minute'), perDay: PositiveCount('Requests allowed per day') },
  { title: 'Limits', additionalProperties: false, description: `Requests a key may make: ${LIMITS_RULE_TEXT}` },
);

const ScopesSchema = Type.Array(Type.Unsafe<(typeof KEY_SCOPES)[number]>({ type: 'string', enum: [...KEY_SCOPES] }), {
  minItems: 1,
  uniqueItems: true,
  description:
    '`pets:read` (list and get animals, GET /v1/rate_limit), `pets:write` (add and change animals; it ' +
    "grants `webhooks:write` and `searches:write` too), `webhooks:write` (manage the owner's webhook endpoints) " +
    "`searches:write` (the owner's saved searches, beta) and `publishing:write` (the owner's publishing " +
    'destinations, beta; no other scope grants it): a partner that only reads holds `pets:read`, ' +
    '`webhooks:write` and `searches:write`; all but `publishing:write` by default',
  'x-invalid': `must list one or more of ${KEY_SCOPES.join(', ')}, each once`,
});

const OriginsSchema = Type.Array(
  Type.String({
    maxLength: 200,
    pattern: ORIGIN_PATTERN,
    'x-invalid': 'is not an origin: scheme, host and optional port in lower case, as a browser sends it (https://shelter.example), no path',
  }),
  {
    minItems: 1,
    maxItems: MAX_ALLOWED_ORIGINS,
    uniqueItems: true,
    description:
      `Makes it a browser key: the exact web origins (\`https://shelter.example\`, as the browser sends ` +
      `them) whose pages may use it, 1 to ${MAX_ALLOWED_ORIGINS}. A browser key must be read-only ` +
      `(\`scopes: ["pets:read"]\`)`,
    'x-invalid': `must list 1 to ${MAX_ALLOWED_ORIGINS} origins, each once`,
  },
);

const NameSchema = Type.String({
  minLength: 1,
  maxLength: KEY_NAME_MAX_LENGTH,
  pattern: '\\S',
  description: `The key's name, for operators: 1 to ${KEY_NAME_MAX_LENGTH} characters, not only spaces`,
  'x-invalid': `must be a string of 1 to ${KEY_NAME_MAX_LENGTH} characters, not only spaces`,
});
const OwnerSchema = Type.String({
  minLength: 1,
  maxLength: OWNER_ID_MAX_LENGTH,
  description: "The operator's reference for the customer (an account id)",
  'x-invalid': `must be a string of 1 to ${OWNER_ID_MAX_LENGTH} characters`,
});

export const ApiKeySchema = Type.Object(
  {
    id: Type.String({ description: 'Public identifier of the key; safe to show and log' }),
    name: Type.String({ description: "The key's name" }),
    plan: PlanSchema,
    limits: { ...LimitsSchema, description: "The limits in force: the plan's, or the key's own override" },
    limitsSource: Type.Unsafe<'plan' | 'override'>({
      type: 'string',
      enum: ['plan', 'override'],
      description:
        "Where `limits` come from: the plan's table, or an override set on this key (kept across plan changes until `limits: null` removes it)",
    }),
    scopes: Type.Array(Type.Unsafe<(typeof KEY_SCOPES)[number]>({ type: 'string', enum: [...KEY_SCOPES] }), {
      description: 'What the key may do',
    }),
    ownerId: Type.Union([Type.String(), Type.Null()], { description: "The operator's reference for the customer, or null" }),
    status: Type.Unsafe<(typeof KEY_STATUSES)[number]>({
      type: 'string',
      enum: [...KEY_STATUSES],
      description: 'active, revoked or expired, now',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'When the key was issued' }),
    expiresAt: dateTimeOrNull('When the key stops working, or null'),
    revokedAt: dateTimeOrNull('When the key was revoked, or null'),
    lastUsedAt: dateTimeOrNull('When the key was last used, to within a minute, or null'),
    rotatedFrom: Type.Union([Type.String(), Type.Null()], {
      description: 'The key this one replaced by a rotation (the two share one quota), or null',
    }),
    rotatedTo: Type.Union([Type.String(), Type.Null()], {
      description: 'The key that replaced this one by a rotation, or null while it was never rotated',
    }),
    revokedReason: Type.Union([Type.String(), Type.Null()], { description: 'Why it was revoked, when the operator said; else null' }),
    start: Type.Union([Type.String(), Type.Null()], {
      description: 'How the secret begins: its environment prefix and 4 more characters (null for keys stored before it was kept)',
    }),
    last4: Type.Union([Type.String(), Type.Null()], {
      description: 'The last 4 characters of the secret (null for keys stored before it was kept)',
    }),
    allowedOrigins: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: "A browser key's web origins; null for a key no web page may use (a secret key for servers)",
    }),
  },
  { title: 'ApiKey', additionalProperties: false, description: 'An API key as operators see it. The secret is never part of it.' },
);

export const IssuedApiKeySchema = Type.Object(
  {
    ...ApiKeySchema.properties,
    key: Type.String({
      description: 'The secret, shown in this response only: store it now. It is never shown again, nor kept by the service.',
    }),
  },
  { title: 'IssuedApiKey', additionalProperties: false, description: 'A new key with its secret, which is shown this once' },
);

export const ApiKeysSchema = Type.Array(ApiKeySchema, { title: 'ApiKeys', description: 'A page of keys in the order they were issued' });

export const NewApiKeySchema = Type.Object(
  {
    name: NameSchema,
    plan: PlanSchema,
    limits: Type.Optional({ ...LimitsSchema, description: "Limits in force instead of the plan's; required on enterprise" }),
    scopes: Type.Optional(ScopesSchema),
    expiresAt: Type.Optional(dateTime('When the key stops working; in the future')),
    ownerId: Type.Optional(OwnerSchema),
    allowedOrigins: Type.Optional(OriginsSchema),
  },
  {
    title: 'NewApiKey',
    additionalProperties: false,
    description: 'A key to issue. Unknown fields are refused.',
    examples: [
      { name: 'Shelter A', plan: 'pro', ownerId: 'acct_1042' },
      { name: 'Partner', plan: 'enterprise', limits: { perMinute: 5000, perDay: 2000000 } },
      { name: 'Shelter A website', plan: 'pro', scopes: ['pets:read'], allowedOrigins: ['https://shelter.example'], ownerId: 'acct_1042' },
    ],
  },
);

export const ApiKeyChangesSchema = Type.Object(
  {
    name: Type.Optional(NameSchema),
    plan: Type.Optional(PlanSchema),
    limits: Type.Optional(nullable(LimitsSchema, "Limits in force instead of the plan's; null removes the override (not on enterprise)")),
    scopes: Type.Optional(ScopesSchema),
    expiresAt: Type.Optional(nullable(dateTime('In the future'), 'When the key stops working; null: never')),
    ownerId: Type.Optional(nullable(OwnerSchema, "The operator's reference for the customer; null removes it")),
    allowedOrigins: Type.Optional(nullable(OriginsSchema, 'The web origins that may use it; null: no longer a browser key')),
  },
  {
    title: 'ApiKeyChanges',
    additionalProperties: false,
    minProperties: 1,
    description: 'The fields to change, at least one; the others stay as they are',
  },
);

export const KeyLookupSchema = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'The secret to look up, as reported or found; never stored, logged or repeated',
    }),
  },
  { title: 'KeyLookup', additionalProperties: false, description: 'A secret to find the record of', examples: [{ key: 'adopt_live_...' }] },
);

export const RevocationSchema = Type.Object(
  {
    reason: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: REVOKE_REASON_MAX_LENGTH,
        pattern: '\\S',
        description: 'Why the key is revoked (a leak, a customer leaving), kept on the record and in the audit event; not only spaces',
        'x-invalid': `must be a string of 1 to ${REVOKE_REASON_MAX_LENGTH} characters, not only spaces`,
      }),
    ),
  },
  {
    title: 'Revocation',
    additionalProperties: false,
    description: 'Optional; unknown fields are refused',
    examples: [{ reason: 'leaked in a public repository' }],
  },
);

export const RotationSchema = Type.Object(
  {
    graceSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_ROTATION_GRACE_MS / 1000,
        description: 'How long the old key keeps working (never past its own expiry); KEY_ROTATION_GRACE_SECONDS by default',
        'x-invalid': `must be a whole number from 0 to ${MAX_ROTATION_GRACE_MS / 1000}`,
      }),
    ),
  },
  { title: 'Rotation', additionalProperties: false, description: 'How the old key is retired' },
);

export const KeyIdParamsSchema = Type.Object({
  id: Type.String({
    pattern: '^key_[A-Za-z0-9]{16}$',
    description: 'The key id (key_ and 16 letters or digits)',
    'x-invalid': 'must be a key id: key_ and 16 letters or digits',
  }),
});

export const KeyListQuerySchema = Type.Object(
  {
    limit: limitQuery('keys'),
    cursor: cursorQuery('filters'),
    status: Type.Optional(
      Type.Unsafe<(typeof KEY_STATUSES)[number]>({ type: 'string', enum: [...KEY_STATUSES], description: 'Only keys in this status' }),
    ),
    plan: Type.Optional({ ...PlanSchema, description: 'Only keys on this plan' }),
    ownerId: Type.Optional({ ...OwnerSchema, description: 'Only keys of this owner' }),
  },
  { additionalProperties: false },
);

/** A body for operations that take none: nothing, or an empty object. */
export const NoBodySchema = Type.Object(
  {},
  { title: 'NoBody', additionalProperties: false, description: 'This operation takes no fields: send no body, or an empty object' },
);

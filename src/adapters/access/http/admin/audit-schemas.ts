/** TypeBox schemas of the audit log as the admin API shows and filters it. */
import { Type } from 'typebox';
import { AUDIT_ACTIONS } from '../../../../domain/shared/audit-event.js';
import { cursorQuery, limitQuery } from '../../../shared/http/schemas/common-schemas.js';
import { dateTime } from '../../../shared/http/schemas/dates.js';

const AuditId = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description,
    'x-invalid': 'must be an id: 1 to 64 letters, digits, _ or -',
  });

export const AuditQuerySchema = Type.Object(
  {
    limit: limitQuery('events'),
    cursor: cursorQuery('filters'),
    target: Type.Optional(AuditId('Only events about this key, admin credential or webhook endpoint id')),
    actor: Type.Optional(
      AuditId(
        'Only events by this actor: an admin credential id (adm_...), an API key id (key_..., on its ' +
          'webhook endpoints), `key-tool`, `config` or `webhook-delivery`',
      ),
    ),
    action: Type.Optional(
      Type.Unsafe<(typeof AUDIT_ACTIONS)[number]>({
        type: 'string',
        enum: [...AUDIT_ACTIONS],
        description: 'Only events of this action',
        'x-invalid': `must be one of: ${AUDIT_ACTIONS.join(', ')}`,
      }),
    ),
    from: Type.Optional(dateTime('Only events at or after this instant')),
    to: Type.Optional(dateTime('Only events before this instant (after `from`)')),
  },
  { additionalProperties: false },
);

const AuditValueSchema = Type.Unsafe<unknown>({
  description: 'A value as the record held it: text (dates in RFC 3339), a list of scopes, `{perMinute, perDay}` limits, or null',
  anyOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'null' },
    { type: 'array', items: { type: 'string' } },
    {
      type: 'object',
      properties: { perMinute: { type: 'integer' }, perDay: { type: 'integer' } },
      required: ['perMinute', 'perDay'],
      additionalProperties: false,
    },
  ],
});

const AuditChangesSchema = Type.Record(
  Type.String(),
  Type.Object(
    { from: AuditValueSchema, to: AuditValueSchema },
    { additionalProperties: false, description: "One field's value before and after" },
  ),
  {
    description:
      "Each field the change set, with its value before and after (`limits: null` is the plan's limits; " +
      'a rotation names the successor as `rotatedTo`). Never a secret. Absent when no field changed (a ' +
      'lookup, a failed authentication, a creation).',
  },
);

export const AuditEventSchema = Type.Object(
  {
    id: Type.String({ description: 'Identifier; events sort by it in the order they were written' }),
    at: Type.String({ format: 'date-time', description: 'When it happened' }),
    actor: Type.Union([Type.String(), Type.Null()], {
      description: 'Who acted: an admin credential id (adm_...), `key-tool` or `config`; null for a failed authentication',
    }),
    actorName: Type.Optional(
      Type.String({
        description: "The acting admin credential's name at the time (absent for `key-tool`, `config` and failed authentications)",
      }),
    ),
    action: Type.Unsafe<(typeof AUDIT_ACTIONS)[number]>({ type: 'string', enum: [...AUDIT_ACTIONS], description: 'What happened' }),
    target: Type.Union([Type.String(), Type.Null()], { description: 'The key, admin credential or webhook endpoint id acted on, or null' }),
    requestId: Type.Union([Type.String(), Type.Null()], { description: 'The X-Request-Id of the request that did it, or null' }),
    ip: Type.Union([Type.String(), Type.Null()], { description: "The client's address, or null" }),
    reason: Type.Optional(Type.String({ description: "The operator's reason, when one was given (a revocation's)" })),
    changes: Type.Optional(AuditChangesSchema),
  },
  {
    title: 'AuditEvent',
    additionalProperties: false,
    description: 'One change to a key or credential, or a failed admin authentication. Never a secret.',
  },
);

export const AuditEventsSchema = Type.Array(AuditEventSchema, { title: 'AuditEvents', description: 'Audit events, newest first' });

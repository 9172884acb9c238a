/** TypeBox schemas of admin credentials: as operators see them (never a secret but once), and what they send. */
import { Type } from 'typebox';
import { ADMIN_NAME_MAX_LENGTH, ADMIN_SCOPES } from '../../../../domain/access/admin-credential.js';
import { dateTimeOrNull } from '../../../shared/http/schemas/dates.js';

export const ADMIN_SCOPE_TEXT = ADMIN_SCOPES.join(', ');

const AdminScopeSchema = Type.Unsafe<(typeof ADMIN_SCOPES)[number]>({ type: 'string', enum: [...ADMIN_SCOPES] });

export const AdminCredentialSchema = Type.Object(
  {
    id: Type.String({ description: 'Public identifier (adm_...): the actor of the audit events this credential causes' }),
    name: Type.String({ description: 'What operators and the audit log call it' }),
    scopes: Type.Array(AdminScopeSchema, { description: 'What it may do' }),
    status: Type.Unsafe<'active' | 'revoked'>({ type: 'string', enum: ['active', 'revoked'], description: 'active or revoked' }),
    createdAt: Type.String({ format: 'date-time', description: 'When it was issued' }),
    revokedAt: dateTimeOrNull('When it was revoked, or null'),
  },
  {
    title: 'AdminCredential',
    additionalProperties: false,
    description: 'An admin credential as operators see it. The secret is never part of it.',
  },
);

export const IssuedAdminCredentialSchema = Type.Object(
  {
    ...AdminCredentialSchema.properties,
    token: Type.String({
      description: 'The secret (adopt_admin_...), shown in this response only: store it now. It is never shown again, nor kept.',
    }),
  },
  {
    title: 'IssuedAdminCredential',
    additionalProperties: false,
    description: 'A new admin credential with its secret, which is shown this once',
  },
);

export const AdminCredentialsSchema = Type.Array(AdminCredentialSchema, {
  title: 'AdminCredentials',
  description: 'Every admin credential, oldest first',
});

export const NewAdminCredentialSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: ADMIN_NAME_MAX_LENGTH,
      pattern: '\\S',
      description: 'What operators and the audit log call it (a person, a team, a tool)',
      'x-invalid': `must be a string of 1 to ${ADMIN_NAME_MAX_LENGTH} characters, not only spaces`,
    }),
    scopes: Type.Array(AdminScopeSchema, {
      minItems: 1,
      uniqueItems: true,
      description: 'What it may do: one or more scopes, each once, and only scopes the credential asking holds itself',
      'x-invalid': `must list one or more of ${ADMIN_SCOPES.join(', ')}, each once`,
    }),
  },
  {
    title: 'NewAdminCredential',
    additionalProperties: false,
    description: 'An admin credential to issue. Unknown fields are refused.',
    examples: [{ name: 'Support desk', scopes: ['keys:read', 'usage:read'] }],
  },
);

export const AdminCredentialIdParamsSchema = Type.Object({
  id: Type.String({
    pattern: '^adm_[A-Za-z0-9]{16}$',
    description: 'The admin credential id (adm_ and 16 letters or digits)',
    'x-invalid': 'must be an admin credential id: adm_ and 16 letters or digits',
  }),
});

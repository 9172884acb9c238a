/** TypeBox schemas of publishing destinations (beta): an owner's account on an adoption site's FTP server. */
import { Type } from 'typebox';
import {
  DESTINATION_ID_PATTERN,
  DESTINATION_STATUSES,
  FTP_PORT,
  HOST_MAX_LENGTH,
  HOST_PATTERN,
  PASSWORD_PATTERN,
  USERNAME_PATTERN,
  PASSWORD_MAX_LENGTH,
  SITE_RULES,
  SITES,
  USERNAME_MAX_LENGTH,
  type DestinationStatus,
  type Site,
} from '../../../domain/publishing/destination.js';
import { cursorQuery, limitQuery } from '../../shared/http/schemas/common-schemas.js';

const DestinationIdSchema = Type.String({
  pattern: DESTINATION_ID_PATTERN,
  description: 'The destination: `pd_` and 19 letters and digits',
  'x-invalid': 'must be a destination id (pd_ and 19 letters and digits)',
});

const site = Type.Unsafe<Site>({
  title: 'PublishingSite',
  type: 'string',
  enum: [...SITES],
  description:
    'The adoption site, whose file format the uploads take: ' +
    SITES.map((one) => `\`${one}\` (${SITE_RULES[one].host}${SITE_RULES[one].passive ? '' : ', active-mode FTP'})`).join(', '),
});
const host = Type.String({
  minLength: 1,
  maxLength: HOST_MAX_LENGTH,
  pattern: HOST_PATTERN,
  'x-invalid': 'must be a host name or an IP address, with no scheme, port or path',
  description: "The site's FTP host name or IP address, without scheme, port or path; the site's own host when not given",
});
const port = Type.Integer({ minimum: 1, maximum: 65_535, description: `The FTP port (${FTP_PORT} when not given)` });
const username = Type.String({
  minLength: 1,
  maxLength: USERNAME_MAX_LENGTH,
  pattern: USERNAME_PATTERN,
  'x-invalid': 'must be printable ASCII characters with no spaces',
  description: 'The FTP user name the site gave the shelter',
});
const password = Type.String({
  minLength: 1,
  maxLength: PASSWORD_MAX_LENGTH,
  pattern: PASSWORD_PATTERN,
  'x-invalid': 'must have no control characters (no line breaks or tabs)',
  writeOnly: true,
  description: 'The FTP password: kept encrypted, never shown again; send a new one to replace it',
});
const account = Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Null()], {
  description:
    "The site's own id for the shelter, which its file carries: Petfinder's shelter id (letters, digits, `_`, `-`), " +
    "RescueGroups' organization id (digits); none (null or absent) for Adopt-a-Pet",
});
const status = Type.Unsafe<DestinationStatus>({
  title: 'DestinationStatus',
  type: 'string',
  enum: [...DESTINATION_STATUSES],
  description: '`disabled` stops uploads to it until it is enabled again',
});

export const NewDestinationSchema = Type.Object(
  {
    site,
    host: Type.Optional(host),
    port: Type.Optional(port),
    username,
    password,
    account: Type.Optional(account),
    status: Type.Optional(status),
  },
  { additionalProperties: false, title: 'NewDestination', description: 'Where to publish: an adoption site and the FTP account it gave' },
);

export const DestinationPatchSchema = Type.Object(
  {
    host: Type.Optional(host),
    port: Type.Optional(port),
    username: Type.Optional(username),
    password: Type.Optional(password),
    account: Type.Optional(account),
    status: Type.Optional(status),
  },
  { additionalProperties: false, title: 'DestinationPatch', description: 'The fields to change; the site stays' },
);

export const DestinationSchema = Type.Object(
  {
    id: DestinationIdSchema,
    ownerId: Type.String({ description: "The owner whose animals are published (the organization's id)" }),
    site,
    host: Type.String(),
    port: Type.Integer(),
    username: Type.String(),
    account: Type.Union([Type.String(), Type.Null()]),
    status,
    passwordChangedAt: Type.String({
      format: 'date-time',
      description: 'When the password was last set (the password itself is never shown)',
    }),
    version: Type.Integer({ minimum: 1, description: 'Goes up by one with each change (its ETag is this version in quotes)' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false, title: 'Destination', description: 'A publishing destination (beta): its password is never shown' },
);

export const DestinationsSchema = Type.Array(DestinationSchema, {
  title: 'Destinations',
  description: 'A page of publishing destinations',
});

export const DestinationIdParamsSchema = Type.Object({ destinationId: DestinationIdSchema }, { additionalProperties: false });

export const ListDestinationsQuerySchema = Type.Object(
  { limit: limitQuery('destinations'), cursor: cursorQuery('limit') },
  { additionalProperties: false },
);

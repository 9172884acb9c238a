/**
 * The two doors' documents: what each says first (its description), the order its tags are shown
 * in, and the profile its errors and components are described by. The features give the routes,
 * their schemas and tags, their error codes and the requests they send out.
 */
import type { DoorDocument, Tag } from '../adapters/shared/http/plugins/openapi.js';
import { doorProfile } from '../adapters/shared/http/openapi-document.js';
import type { ErrorCatalogue } from '../adapters/shared/http/error-catalogue.js';
import { ADMIN_BASE_PATH } from '../adapters/shared/http/admin-app.js';
import { BASE_PATH, OPENAPI_PATH } from '../adapters/shared/http/public-app.js';
import { ADMIN_SCOPES } from '../domain/access/admin-credential.js';
import { PLAN_LIMITS } from '../domain/access/plans.js';

const API_VERSION = '1.0.0';

/** What the features give a door's document. */
export interface DoorParts {
  /** Their schemas that become named components, each with its own description. */
  readonly schemas: readonly unknown[];
  readonly tags: readonly Tag[];
  readonly catalogue: ErrorCatalogue;
  /** The requests the service sends out (OpenAPI 3.1 `webhooks`), by name. */
  readonly webhooks?: Record<string, object>;
  /** The operations requests are counted under, where they are another door's (the public one's). */
  readonly countedOperations?: () => readonly string[];
}

/**
 * The order in which each door's reference page shows the features' tags, the most used first; a tag
 * not named here comes after these, in the features' order.
 */
const PUBLIC_TAG_ORDER = [
  'pets',
  'adoption requests',
  'events',
  'photos',
  'organizations',
  'webhooks',
  'saved searches',
  'publishing',
  'rate limits',
];
const ADMIN_TAG_ORDER = ['keys', 'usage', 'audit', 'credentials', 'events', 'organizations', 'webhooks'];

function ordered(tags: readonly Tag[], order: readonly string[]): Tag[] {
  const rank = (tag: Tag) => (order.includes(tag.name) ? order.indexOf(tag.name) : order.length);
  return [...tags].sort((a, b) => rank(a) - rank(b));
}

/** The public door's document; `servers`: where the API is published (production, staging), none: this server. */
export function publicDoor(servers: readonly { readonly url: string; readonly description: string }[], parts: DoorParts): DoorDocument {
  return {
    basePath: BASE_PATH,
    title: 'Animal Adoption API',
    productName: 'Animal Adoption API',
    version: API_VERSION,
    description: documentDescription(parts.catalogue),
    servers,
    thisServer: 'This server',
    security: { scheme: 'bearerAuth', description: 'The API key, as `Authorization: Bearer <key>`' },
    tags: ordered(parts.tags, PUBLIC_TAG_ORDER),
    profile: doorProfile('public', parts.catalogue, parts.schemas),
    ...(parts.webhooks && { webhooks: parts.webhooks }),
  };
}

/** The admin door's document. */
export function adminDoor(parts: DoorParts): DoorDocument {
  return {
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
    tags: ordered(parts.tags, ADMIN_TAG_ORDER),
    profile: doorProfile('admin', parts.catalogue, parts.schemas, parts.countedOperations),
  };
}

/**
 * The document's description, which the docs page shows first: what a client developer needs before
 * the first call (authentication, plans and limits, the rate-limit headers, errors, idempotency,
 * paging), and where the machine-readable document is.
 */
function documentDescription(catalogue: ErrorCatalogue): string {
  const plans = Object.entries(PLAN_LIMITS).map(([plan, limits]) => `| ${plan} | ${limits.perMinute} | ${limits.perDay} |`);
  return [
    'List animals available for adoption, add, change and remove them, take adoption requests that ' +
      'move an animal from available through pending to sold (beta), and (deprecated) fetch one by id.',
    '',
    `The OpenAPI document: [${OPENAPI_PATH}](${OPENAPI_PATH}) (OpenAPI 3.1; feed it to a client generator).`,
    '',
    '## Authentication',
    'Send your API key on every request as `Authorization: Bearer <key>`. A missing, malformed, ' +
      'unknown, revoked or expired key gets 401 `unauthorized` with a `WWW-Authenticate` header.',
    '',
    'A key carries scopes: `pets:read` (list and get animals and adoption requests, `GET ' +
      '/v1/rate_limit`), `pets:write` (add, change and remove animals; place and decide adoption ' +
      "requests; it grants `webhooks:write` and `searches:write` too), `webhooks:write` (manage its owner's webhook " +
      "endpoints), `searches:write` (its owner's saved searches, beta) and `publishing:write` (its owner's " +
      'publishing destinations, beta; no other scope grants it): a partner that only reads holds ' +
      '`pets:read`, `webhooks:write` and `searches:write`; all but `publishing:write` unless ' +
      'the operator chose otherwise. A key without the scope an operation needs gets 403 `forbidden`, ' +
      'and the request still counts against its limits.',
    '',
    "An animal belongs to the owner of the key that added it: only that owner's keys may change or " +
      'remove it or decide its adoption requests (403 otherwise). Reads are open to every key.',
    '',
    'From a web page, only a browser key works: a read-only key the operator issued with the origins ' +
      'of its pages. CORS preflights are answered for those origins without a key; a request with an ' +
      '`Origin` its key does not list (any secret key, from any page) gets 403 `forbidden`.',
    '',
    '## Changing an animal',
    'Every animal carries a `version`; its ETag is that number in quotes. `PATCH /pets/{petId}` takes ' +
      'a JSON merge patch and needs `If-Match` with the ETag the animal was read at (428 without it; ' +
      '412 with the current ETag when it changed since), so no update is lost. Status moves available → ' +
      'pending or sold, pending → available or sold, sold → available.',
    '',
    '## Stability',
    'Operations whose description starts with "Beta." (marked `x-stability-level: beta`) may still ' +
      'change in a backward-incompatible way within v1, announced at least 30 days ahead.',
    '',
    '## Plans and limits',
    'Each key has two sliding windows, a minute and a day, counted together across every instance:',
    '',
    '| plan | per minute | per day |',
    '|---|---|---|',
    ...plans,
    '| enterprise | set per key | set per key |',
    '',
    `Callers without a valid key are limited per client address at the free plan's numbers. A key ` +
      `that keeps sending while limited is blocked for a while (429 \`key_banned\`); so is an address ` +
      `that keeps sending without a valid key (429 \`address_banned\`). \`GET ${BASE_PATH}/rate_limit\` ` +
      `tells where a key stands without spending quota, and \`GET ${BASE_PATH}/usage\` what it used, per ` +
      `hour or per day.`,
    '',
    '## Rate-limit headers',
    'Every response under /v1 carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and ' +
      '`X-RateLimit-Reset` (Unix seconds) for the window closest to exhaustion, and `RateLimit-Policy` ' +
      'with both windows; a 429 adds `Retry-After` in seconds. (A 500 or 503 may lack them when the ' +
      'request failed before the limiter decided.)',
    '',
    '## Errors',
    `Every error uses the Error body \`{"code", "message", "status"}\`; clients branch on \`code\`. ` +
      `Codes: ${catalogue.codes.map((c) => `\`${c}\` (${catalogue.entry(c).status})`).join(', ')}. A method a path does ` +
      `not serve gets 405 \`method_not_allowed\` with \`Allow\`; an unknown path 404 \`route_not_found\`; ` +
      `query fields an operation does not take 400.`,
    '',
    '## Retrying creates',
    'Send an `Idempotency-Key` (a UUID, say) with `POST /pets` or `POST /orders` and keep it across ' +
      'retries: a repeat returns the first result with `Idempotent-Replayed: true` and stores nothing ' +
      'new, even when the first attempt timed out (503) after its write reached the database.',
    '',
    '## Paging',
    '`GET /pets` returns animals in ascending id order, `GET /orders` adoption requests oldest first. ' +
      'When more exist, the response carries `Link: <...>; rel="next"`; follow it, or pass its `cursor` ' +
      'query value as the `cursor` parameter (with the same other parameters) to get the next page.',
    '',
    'Every path that answers GET answers HEAD too, with the same status and headers and no body; HEAD is not listed as an operation of its own.',
  ].join('\n');
}

function adminDescription(): string {
  return [
    'Issue, change, rotate and revoke API keys, read what each key used and who still calls a ' +
      'deprecated operation, read the audit log, and issue and revoke admin credentials. Served on a ' +
      'listener of its own (ADMIN_HOST, loopback by default): keep it off the public network.',
    '',
    '## Authentication',
    `Send an admin credential as \`Authorization: Bearer <credential>\`. Each credential carries scopes ` +
      `from ${ADMIN_SCOPES.map((s) => `\`${s}\``).join(', ')}; every operation names the one it needs. ` +
      `A missing, malformed, unknown or revoked credential (or an API key) gets 401 \`unauthorized\`, the ` +
      `same answer for each; a credential without the scope gets 403 \`forbidden\`. Failed ` +
      `authentications count against the client address with the limits and ban of a bad API key (429), ` +
      `and each one answered 401 is written to the audit log.`,
    '',
    '## Secrets',
    "A key's or an admin credential's secret is in the response that issues it (create, rotate) and " +
      'nowhere else: not in a read, a list, an audit event or a log line. Those responses carry ' +
      '`Cache-Control: no-store`.',
    '',
    '## Errors',
    'Every error uses the Error body `{"code", "message", "status"}` of the public API. Bad input is refused with 400 before anything is stored.',
  ].join('\n');
}

/**
 * Finishes the OpenAPI document @fastify/swagger builds from the route schemas, for client
 * generators: schemas with a title become named components (Pet, NewPet, Error, PetStatus, ...)
 * referenced from the operations; response headers and error responses become reusable components;
 * each error response lists only the codes it can carry. HEAD is served on every GET path but not
 * listed (generated clients would grow a method per GET); the description says it is answered.
 */
import { ERROR_RESPONSES, sharedEntry, type ErrorCatalogue, type SharedCode } from './error-catalogue.js';
import { ErrorSchema } from './schemas/error-schema.js';
import { VISIBLE_CHARACTER_PATTERN } from '../../../domain/shared/name-pattern.js';

/**
 * The visible-character rule (thousands of characters of pattern) stated once, as a component every
 * text that needs it refers to (`allOf`), rather than copied into each: validators apply it alike.
 */
const VISIBLE_TEXT = 'VisibleText';
// No `type`: the pattern holds for strings alone, so a text that may be null stays nullable.
const VISIBLE_TEXT_SCHEMA = {
  pattern: VISIBLE_CHARACTER_PATTERN,
  description:
    'Text with at least one visible character: a letter, digit, punctuation mark or symbol that is ' +
    'not default-ignorable, or any character outside the Basic Multilingual Plane. Whitespace, format ' +
    'characters and combining marks alone are refused. The pattern uses \\uXXXX escapes only, so it ' +
    "means the same with or without a regex engine's Unicode flag",
} as const;

/** Every schema holding the visible-character pattern, referring to the one component instead. */
function referVisibleText(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(referVisibleText);
  if (!isObject(node)) return node;
  const walked: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, referVisibleText(value)]));
  if (walked.pattern !== VISIBLE_CHARACTER_PATTERN) return walked;
  delete walked.pattern;
  return { ...walked, allOf: [{ $ref: `#/components/schemas/${VISIBLE_TEXT}` }] };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Replaces every schema with a title by a reference to a component of that name, collecting the
 * components. A component carries its own description (from `ownDescriptions`, the schema modules'
 * text), never that of a place where it is used: a use that says something else (a response, a
 * property) keeps its description beside the reference.
 */
function nameSchemas(node: unknown, schemas: Json, ownDescriptions: Readonly<Record<string, string>>): unknown {
  if (Array.isArray(node)) return node.map((item) => nameSchemas(item, schemas, ownDescriptions));
  if (!isObject(node)) return node;
  const walked: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, nameSchemas(value, schemas, ownDescriptions)]));
  const title = walked.title;
  if (typeof title !== 'string') return walked;
  const component = { ...walked };
  delete component.title;
  const { description } = component;
  delete component.description;
  const own = ownDescriptions[title];
  // A value type without a description of its own (PetStatus) is described where it is used.
  if (!(title in schemas)) schemas[title] = { title, ...component, ...(own !== undefined && { description: own }) };
  return { $ref: `#/components/schemas/${title}`, ...(description !== undefined && description !== own && { description }) };
}

/** What differs between the documents the service serves (the public API's, the admin API's). */
export interface DocumentProfile {
  /** The schemas that become named components, by title, each with its own description. */
  readonly ownDescriptions: Readonly<Record<string, string>>;
  /** Every code, and which door's document this is. */
  readonly catalogue: ErrorCatalogue;
  readonly door: 'public' | 'admin';
  /** The operations requests are counted under (the public door's); by default, the document's own. */
  readonly countedOperations?: () => readonly string[];
}

/** Each schema's own description, by title. */
export function ownDescriptionsOf(schemas: readonly unknown[]): Readonly<Record<string, string>> {
  return Object.fromEntries(
    (schemas as Json[]).flatMap((schema) =>
      typeof schema.title === 'string' && typeof schema.description === 'string' ? [[schema.title, schema.description]] : [],
    ),
  );
}

/** A door's profile: `schemas` are the features' named components, each with its own description. */
export function doorProfile(
  door: 'public' | 'admin',
  catalogue: ErrorCatalogue,
  schemas: readonly unknown[],
  countedOperations?: () => readonly string[],
): DocumentProfile {
  return {
    ownDescriptions: ownDescriptionsOf([ErrorSchema, ...schemas]),
    catalogue,
    door,
    ...(countedOperations && { countedOperations }),
  };
}

/** An operation whose description opens with "Beta." is marked so for tools (x-stability-level). */
const BETA_PREFIX = 'Beta.';
/**
 * Set on an object schema of counts per operation: the document lists one property per operation
 * requests are counted under, from the routes themselves (no list is kept by hand).
 */
export const COUNTS_PER_OPERATION = 'x-counts-per-operation';
/** Set in a route's schema when its body may be left out: the document then marks the body optional. */
export const BODY_OPTIONAL = 'x-body-optional';

export function finishDocument(document: Json, profile: DocumentProfile): Json {
  const components = (document.components ?? {}) as Json;
  const schemas: Json = { ...((components.schemas as Json | undefined) ?? {}) };
  const headers: Json = {};
  const responses: Json = {};
  const paths = referVisibleText(nameSchemas(document.paths, schemas, profile.ownDescriptions)) as Record<string, Record<string, Json>>;
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = referVisibleText(schema);
  if (JSON.stringify({ paths, schemas }).includes(`#/components/schemas/${VISIBLE_TEXT}`)) schemas[VISIBLE_TEXT] = VISIBLE_TEXT_SCHEMA;

  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods)) {
      if (typeof operation.description === 'string' && operation.description.startsWith(BETA_PREFIX))
        operation['x-stability-level'] = 'beta';
      // An operation whose body may be left out (its route reads none as {}) says so with x-body-optional.
      if (operation[BODY_OPTIONAL] === true) {
        delete operation[BODY_OPTIONAL];
        (operation.requestBody as Json).required = false;
      }
      const operationResponses = operation.responses as Record<string, Json>;
      for (const [statusText, response] of Object.entries(operationResponses)) {
        const status = Number(statusText);
        // Response headers: one component per meaning, referenced.
        const responseHeaders = (response.headers ?? {}) as Json;
        for (const [name, header] of Object.entries(responseHeaders)) {
          const { component, definition } = headerComponent(name, header as Json);
          if (component === null) {
            responseHeaders[name] = definition;
            continue;
          }
          headers[component] ??= definition;
          responseHeaders[name] = { $ref: `#/components/headers/${component}` };
        }
        if (status < 400) continue;
        const codes = profile.catalogue.codesFor(profile.door, status, String(operation.operationId));
        const name = ERROR_RESPONSES[status]?.name ?? `Error${status}`;
        const built: Json = {
          ...response,
          content: {
            'application/json': {
              schema: {
                allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { type: 'string', enum: codes } } }],
              },
              example: exampleOf(codes, profile.catalogue, status),
            },
          },
        };
        responses[name] ??= built;
        // One component per status; an operation whose response carries other headers (GET
        // /rate_limit's 400 comes before any rate-limit decision) or other codes keeps its own in place.
        const shared = JSON.stringify(responses[name]) === JSON.stringify(built);
        operationResponses[statusText] = shared ? { $ref: `#/components/responses/${name}` } : built;
      }
    }
  }
  addRoutingResponses(headers, responses);
  listCodes(schemas, profile.catalogue.codes);
  listOperations(schemas, profile.countedOperations?.() ?? operationsOf(paths));
  return { ...document, paths, components: { ...components, schemas, headers, responses } };
}

/**
 * A header's component name (the header's own, or its `x-component` when the name has several
 * meanings) and its definition: `required` when every response that lists it carries it.
 */
function headerComponent(name: string, header: Json): { component: string | null; definition: Json } {
  const schema = { ...((header.schema ?? {}) as Json) };
  const hints = { ...header, ...schema };
  const definition: Json = { ...header, schema };
  for (const hint of ['x-required', 'x-component', 'x-inline']) {
    delete schema[hint];
    delete definition[hint];
  }
  if (hints['x-required'] === true) definition.required = true;
  if (hints['x-inline'] === true) return { component: null, definition };
  return { component: typeof hints['x-component'] === 'string' ? hints['x-component'] : name, definition };
}

/**
 * What a request that no operation takes gets: 405 with Allow on a known path, 404 elsewhere. No
 * operation answers them, so they stand as components of their own, for clients to handle.
 */
function addRoutingResponses(headers: Json, responses: Json): void {
  headers.Allow = { description: 'The methods this path serves, e.g. `GET, HEAD, POST`', required: true, schema: { type: 'string' } };
  const rateLimitHeaders = Object.fromEntries(
    ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'X-Request-Id']
      .filter((name) => name in headers)
      .map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );
  const routingResponse = (code: SharedCode, extraHeaders: Json = {}) => {
    const entry = sharedEntry(code);
    if (!entry.routing) throw new Error(`${code} is not a routing code`);
    responses[entry.routing.component] = {
      description: entry.routing.description,
      headers: { ...rateLimitHeaders, ...extraHeaders },
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { type: 'string', enum: [code] } } }],
          },
          example: { code, message: entry.example, status: entry.status },
        },
      },
    };
  };
  routingResponse('method_not_allowed', { Allow: { $ref: '#/components/headers/Allow' } });
  routingResponse('route_not_found');
}

/** The Error body's `code` lists every code the API answers with, the shared ones first, then each feature's. */
function listCodes(schemas: Json, codes: readonly string[]): void {
  const error = schemas.Error as { properties: { code: Json } } | undefined;
  if (error) error.properties.code = { type: 'string', enum: [...codes], description: error.properties.code.description };
}

/**
 * An error response's example: the code most particular to the operation, one only some operations
 * answer with before one any may, a feature's own before a shared one.
 */
function exampleOf(codes: readonly string[], catalogue: ErrorCatalogue, status: number): Json {
  const rank = (code: string) => (catalogue.entry(code).operations ? 0 : 2) + (catalogue.isShared(code) ? 1 : 0);
  const [code] = [...codes].sort((a, b) => rank(a) - rank(b));
  return { code, message: (code && catalogue.entry(code).example) ?? 'See the message', status };
}

/** The operationIds of a document's paths, in their order. */
export function operationsOf(paths: unknown): string[] {
  return Object.values(paths as Record<string, Record<string, Json>>).flatMap((methods) =>
    Object.values(methods).flatMap((operation) => (typeof operation.operationId === 'string' ? [operation.operationId] : [])),
  );
}

/** Each schema of counts per operation gets a property per operation, none other. */
function listOperations(schemas: Json, operations: readonly string[]): void {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    if (node[COUNTS_PER_OPERATION] === true) {
      const counts = node.additionalProperties as Json;
      delete node[COUNTS_PER_OPERATION];
      node.properties = Object.fromEntries(
        operations.map((operation) => [operation, { ...counts, description: `Requests to ${operation}` }]),
      );
      node.additionalProperties = false;
      return;
    }
    Object.values(node).forEach(walk);
  };
  walk(schemas);
}

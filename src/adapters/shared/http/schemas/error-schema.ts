/** The Error body every failure uses, and the response headers documented on every operation. */
import { Type } from 'typebox';

export const ErrorSchema = Type.Object(
  {
    // Its values, every feature's codes, are listed by the document (finishDocument).
    code: Type.String({ description: 'Machine-readable error code' }),
    message: Type.String({ description: 'Human-readable description' }),
    status: Type.Integer({ description: 'The HTTP status code, repeated' }),
  },
  {
    title: 'Error',
    additionalProperties: false,
    description: 'Every error response: a stable code, a message for people, and the HTTP status repeated',
    examples: [{ code: 'unauthorized', message: 'The API key is invalid, revoked or expired', status: 401 }],
  },
);

/**
 * A response header as @fastify/swagger reads it: a JSON schema with a description; `x-required`
 * when every response that lists it carries it, `x-component` to name its component when one
 * header name has several meanings (Link).
 */
export interface HeaderSpec {
  readonly type: 'integer' | 'string';
  readonly description: string;
  readonly 'x-required'?: true;
  readonly 'x-component'?: string;
  /** Defined in place, not as a component (a variant of a shared header that is not always sent). */
  readonly 'x-inline'?: true;
}

const header = (description: string, type: HeaderSpec['type'] = 'integer'): HeaderSpec => ({ type, description, 'x-required': true });

export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': header('Limit of the window closest to exhaustion (requests per minute or per day)'),
  'X-RateLimit-Remaining': header('Requests remaining in that window'),
  'X-RateLimit-Reset': header('Unix time in seconds at which every request counted in that window has left it'),
  'RateLimit-Policy': header('Both windows of the plan, as IETF RateLimit-Policy items', 'string'),
  'X-Request-Id': header('Identifier of this request; quote it when reporting a problem', 'string'),
};

/**
 * A 500 or a 503 may come before the limiter decided (it was the one that failed): the rate-limit
 * headers are then absent. The request id never is.
 */
export const RATE_LIMIT_HEADERS_IF_DECIDED = Object.fromEntries(
  Object.entries(RATE_LIMIT_HEADERS).map(([name, spec]) => {
    if (name === 'X-Request-Id') return [name, spec];
    return [
      name,
      {
        type: spec.type,
        description: `${spec.description}; absent when the request failed before the rate limiter decided`,
        'x-inline': true,
      },
    ];
  }),
) as Record<keyof typeof RATE_LIMIT_HEADERS, HeaderSpec>;

export const RETRY_AFTER_HEADER = {
  'Retry-After': header(
    'Seconds to wait before retrying: until a request would be admitted (429), the in-flight create finishes (409), or the dependency is back (503)',
  ),
};

export const WWW_AUTHENTICATE_HEADER = {
  'WWW-Authenticate': header('`Bearer realm="animal-adoption-api"`, with `error="invalid_token"` when a key was sent', 'string'),
};

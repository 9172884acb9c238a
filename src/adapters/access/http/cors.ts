/**
 * CORS for browser keys. A web page may call /v1 only with a browser key (a key with allowedOrigins,
 * read-only) from one of its origins:
 * - a preflight (OPTIONS with Origin and Access-Control-Request-Method, which browsers send without
 *   the key) is limited per client address like any call without a key, then answered 204 with the
 *   origin allowed when some active key lists it, else 403;
 * - a request with an Origin gets `Access-Control-Allow-Origin` only when its key lists that origin;
 *   a key used from any other origin (a secret key shipped to a page) gets 403. Every such response
 *   carries `Vary: Origin`. This rule runs inside admission (applyOriginRule), where the key is known.
 * Requests without an Origin (servers, tools) are not browsers' and see none of this.
 */
import { ANONYMOUS_QUOTA } from '../../../domain/access/plans.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdmitRequest } from '../../../application/access/use-cases/admit-request.js';
import type { BrowserOrigins } from '../../../application/access/use-cases/browser-origins.js';
import { checkKeyOrigin } from '../../../domain/access/api-key.js';
import { ForbiddenError } from '../../../domain/shared/errors.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';

/** Browser keys are read-only. */
const ALLOWED_METHODS = ['GET', 'HEAD'];
/** What a page may read of a response besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'Retry-After',
  'X-Request-Id',
  'Link',
  'ETag',
  'Deprecation',
  'Sunset',
].join(', ');
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export interface CorsOptions {
  readonly origins: BrowserOrigins;
  readonly admitRequest: AdmitRequest;
  /** The application, asked whether a path serves the method a preflight names. */
  readonly root: FastifyInstance;
}

/**
 * Installs the preflight answer on the /v1 scope, before admission. A callback hook that returns at
 * once for anything but OPTIONS: nothing is allocated on the path of other requests.
 */
export function corsPlugin(scope: FastifyInstance, options: CorsOptions): void {
  scope.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    const asked = request.headers['access-control-request-method'];
    if (request.method !== 'OPTIONS' || origin === undefined || typeof asked !== 'string') {
      done();
      return;
    }
    const path = request.url.split('?')[0] ?? request.url;
    // A preflight for a method no route serves here is answered as any unrouted request is.
    if (options.root.findRoute({ method: asked, url: path }) === null) {
      done();
      return;
    }
    // Answered here (done is not called after the reply is sent), or refused through the error handler.
    preflight(request, reply, origin, asked, options).then(undefined, done);
  });
}

/**
 * The origin rule for a request that carries an Origin, once admission knows its key (called by the
 * admission plugin, so requests without an Origin pay one property read): `Vary: Origin` always;
 * the CORS headers when the key lists the origin, refusals included (so the page can read a 429's
 * Retry-After). Returns the refusal for a key used from an origin it does not list, or null.
 */
export function applyOriginRule(request: FastifyRequest, reply: FastifyReply, origin: string): ForbiddenError | null {
  reply.header('Vary', 'Origin');
  const key = request.apiKey;
  if (!key) return null;
  try {
    checkKeyOrigin(key.allowedOrigins, origin);
  } catch (error) {
    return error as ForbiddenError;
  }
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  return null;
}

async function preflight(request: FastifyRequest, reply: FastifyReply, origin: string, asked: string, options: CorsOptions): Promise<void> {
  reply.header('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  // Limited per client address, like every call that carries no key.
  const admission = await options.admitRequest.execute({
    authorization: undefined,
    authorizationHeaders: 0,
    clientAddress: () => request.ip,
    needsKey: false,
    addressQuota: ANONYMOUS_QUOTA,
    spendsQuota: true,
    scope: null,
  });
  if (admission.decision) setRateLimitHeaders(reply, admission.limits, admission.decision);
  if (admission.refusal) throw admission.refusal;
  if (!ALLOWED_METHODS.includes(asked)) {
    throw new ForbiddenError(
      `A web page may only read (${ALLOWED_METHODS.join(', ')}): browser keys are read-only, and ${asked.slice(0, 20)} needs a key kept on a server`,
    );
  }
  if (!(await options.origins.allows(origin))) {
    throw new ForbiddenError(
      `No key allows the origin ${origin.slice(0, 100)}: an operator gives a read-only browser key allowedOrigins listing it`,
    );
  }
  await reply
    .code(204)
    .headers({
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
      'Access-Control-Allow-Headers': 'Authorization',
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
    })
    .send();
}

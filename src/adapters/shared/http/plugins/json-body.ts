/**
 * Request bodies are JSON in UTF-8 (RFC 8259), sent without a content coding, and stored exactly as
 * sent: a body that is not valid UTF-8 is refused rather than read with replacement characters, a
 * declared charset other than UTF-8 is refused rather than ignored, and a compressed body is refused
 * before it is read rather than parsed as if it were plain.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { HttpError } from '../http-errors.js';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/** RFC 7396: the body of a PATCH may say it is a merge patch; it is JSON all the same. */
export const MERGE_PATCH = 'application/merge-patch+json';
const MERGE_PATCH_TYPE = /^\s*application\/merge-patch\+json\s*(;|$)/i;

export function installJsonBodies(app: FastifyInstance): void {
  // Checked from the headers before a byte of the body is read, on the routes that read one (Fastify
  // never reads a GET or HEAD body, so those routes skip the check altogether).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const check = methods.includes('PATCH') ? checkBodyHeaders : checkNotMergePatch;
    const existing = route.preParsing;
    route.preParsing = existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  // One parser for both media types a body may be sent as (a merge patch is JSON all the same).
  app.addContentTypeParser(['application/json', MERGE_PATCH], { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new HttpError('invalid_json', 'The request body is not valid UTF-8; JSON must be sent in UTF-8'), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    void parseJson(request, text, explainingPrototypeKeys(text, done));
  });
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * A `__proto__` or `constructor.prototype` key is valid JSON the parser refuses, with the error it
 * gives broken JSON: on that (rare) path, a plain parse tells the two apart, so the message says which.
 */
function explainingPrototypeKeys(text: string, done: ParserDone): ParserDone {
  return (error, body) => {
    if (error && isValidJson(text)) {
      done(
        new HttpError(
          'invalid_json',
          'The request body holds a "__proto__" or "constructor.prototype" key: valid JSON, but refused, as ' +
            'such keys can change objects they should not; rename or remove that field',
        ),
      );
      return;
    }
    done(error, body);
  };
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A merge patch is for PATCH only: elsewhere the body is a whole resource, sent as application/json. */
function checkNotMergePatch(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: RequestPayload,
  done: (error: Error | null, payload?: RequestPayload) => void,
): void {
  if (MERGE_PATCH_TYPE.test(request.headers['content-type'] ?? '')) {
    done(new HttpError('unsupported_media_type', `Content-Type ${MERGE_PATCH} is for PATCH; send this body as application/json`));
    return;
  }
  checkBodyHeaders(request, reply, payload, done);
}

function checkBodyHeaders(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
  done: (error: Error | null, payload?: RequestPayload) => void,
): void {
  const { headers } = request;
  const hasBody =
    (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined;
  if (!hasBody) {
    done(null, payload);
    return;
  }
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    done(new HttpError('unsupported_media_type', `Content-Encoding '${encoding}' is not supported: send the body uncompressed`));
    return;
  }
  const charset = CHARSET.exec(headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    done(new HttpError('unsupported_media_type', `Bodies are JSON in UTF-8; charset '${charset}' is not accepted`));
    return;
  }
  done(null, payload);
}

/**
 * For operations whose body may be left out (mark the schema with BODY_OPTIONAL too): a request
 * without one is validated as `{}`, so unknown fields in a body that is sent are still refused.
 */
export function missingBodyAsEmpty(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  request.body ??= {};
  done();
}

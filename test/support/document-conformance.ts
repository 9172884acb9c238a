/**
 * Checks every response an app sends against the OpenAPI document it serves: the status is
 * documented for the operation (or, for requests no operation takes, as a component response), the
 * JSON body matches the documented schema, a body is absent where none is documented, and every
 * header the document marks required is present. Installed on every test app (startTestApp).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;

interface Seen {
  readonly method: string;
  /** A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method). */
  readonly preflight: boolean;
  readonly url: string;
  readonly route: string | undefined;
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
}

const UNROUTED: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  404: 'RouteNotFound',
  405: 'MethodNotAllowed',
  414: 'UriTooLong',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

/** Responses checked by every app in this process, for the suite's closing line. */
export const conformance = { checked: 0 };

export class DocumentConformance {
  private readonly seen: Seen[] = [];

  /** `basePath`: where the document's operations are mounted (the document itself and its page are not checked). */
  constructor(private readonly basePath = '/v1') {}

  /** Records responses from now on (before the app is ready). */
  observe(app: FastifyInstance): void {
    app.addHook('onSend', async (request, reply, payload) => {
      this.seen.push({
        method: request.method,
        preflight:
          request.method === 'OPTIONS' &&
          request.headers.origin !== undefined &&
          request.headers['access-control-request-method'] !== undefined,
        url: request.url,
        route: request.routeOptions.url,
        status: reply.statusCode,
        headers: reply.getHeaders(),
        // Fastify leaves a HEAD response's body out after onSend.
        body:
          request.method === 'HEAD'
            ? ''
            : typeof payload === 'string'
              ? payload
              : Buffer.isBuffer(payload)
                ? payload.toString()
                : payload === null || payload === undefined
                  ? ''
                  : '<stream>',
      });
      return payload;
    });
  }

  /** What does not match the document, one line per problem; checks everything recorded so far. */
  problems(document: Json): string[] {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ ...document, $id: 'openapi.json' });
    const paths = document.paths as Record<string, Record<string, Json>>;
    const components = document.components as Record<string, Record<string, Json>>;
    const resolve = (node: Json): Json => {
      const ref = node.$ref;
      if (typeof ref !== 'string') return node;
      const [, , kind, name] = ref.split('/');
      return components[kind as string]?.[name as string] ?? {};
    };
    const found: string[] = [];
    for (const seen of this.seen.splice(0)) {
      const base = this.basePath;
      if (!seen.url.startsWith(`${base}/`) || seen.route === `${base}/openapi.json` || seen.route?.startsWith(`${base}/docs`)) continue;
      // A CORS preflight is the browser's protocol, answered before routing; no operation's.
      if (seen.preflight) continue;
      const where = `${seen.method} ${seen.url} -> ${seen.status}`;
      const path = seen.route?.slice(base.length).replace(/:(\w+)/g, '{$1}');
      // HEAD is answered on every GET path and documented by the GET operation (headers, no body).
      const method = seen.method === 'HEAD' ? 'get' : seen.method.toLowerCase();
      const operation = path ? paths[path]?.[method] : undefined;
      const responses = (operation?.responses ?? {}) as Record<string, Json>;
      // A request no operation takes is still authenticated and limited first.
      const routing = UNROUTED[seen.status];
      let response: Json | undefined;
      let pointer: string;
      if (operation && responses[String(seen.status)]) {
        response = resolve(responses[String(seen.status)] as Json);
        const raw = responses[String(seen.status)] as Json;
        pointer = typeof raw.$ref === 'string' ? raw.$ref : `#/paths/${escape(path as string)}/${method}/responses/${seen.status}`;
      } else if (!operation && routing && components.responses?.[routing]) {
        response = components.responses[routing];
        pointer = `#/components/responses/${routing}`;
      } else {
        found.push(`${where}: status not documented for ${operation ? `${seen.method} ${path}` : 'requests no operation takes'}`);
        continue;
      }
      conformance.checked += 1;
      const headers = (response.headers ?? {}) as Record<string, Json>;
      for (const [name, reference] of Object.entries(headers)) {
        if (resolve(reference).required === true && seen.headers[name.toLowerCase()] === undefined)
          found.push(`${where}: required header ${name} missing`);
      }
      const content = response.content as Record<string, Json> | undefined;
      if (!content || seen.method === 'HEAD') {
        if (seen.body !== '') found.push(`${where}: a body where the document has none`);
        continue;
      }
      // The schema of the media type the response says it is (application/json, or a sparse fieldset's).
      const contentType = seen.headers['content-type'];
      const type = (typeof contentType === 'string' ? contentType : '').split(';')[0]?.trim() ?? '';
      if (!content[type]) {
        if (content['application/json'] || type.endsWith('json')) found.push(`${where}: content type ${type || '(none)'} not documented`);
        continue;
      }
      // Images and other bytes are checked by their tests; a JSON body here against its schema.
      if (!type.endsWith('json')) continue;
      let body: unknown;
      try {
        body = JSON.parse(seen.body);
      } catch {
        found.push(`${where}: the body is not JSON`);
        continue;
      }
      const validate = ajv.getSchema(`openapi.json${pointer}/content/${type.replaceAll('~', '~0').replaceAll('/', '~1')}/schema`);
      if (!validate) {
        found.push(`${where}: no schema at ${pointer}`);
        continue;
      }
      if (!validate(body)) found.push(`${where}: body ${ajv.errorsText(validate.errors)}`);
    }
    return found;
  }
}

function escape(path: string): string {
  return path.replace(/~/g, '~0').replace(/\//g, '~1').replace(/\{/g, '%7B').replace(/\}/g, '%7D');
}

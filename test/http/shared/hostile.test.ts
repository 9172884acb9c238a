/**
 * Hostile input, through the real HTTP stack on a socket: each row is a request and the answer it
 * must get. Every refusal is a 4xx in the Error body, nothing is stored, and nothing a client sends
 * reaches the error log.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { memoryAdapters } from '../../../src/config/adapters.js';
import { loadConfig } from '../../../src/config/env.js';
import { rawRequest, sendRaw, type RawResponse } from '../../support/raw-http.js';

const KEY = 'hostile-corpus-key-0123456789';
const OTHER = 'someone-elses-key-0123456789';
const auth = { Authorization: `Bearer ${KEY}` };
const json = { ...auth, 'Content-Type': 'application/json' };
const rex = '{"name":"Rex","categoryId":1}';
const bytes = (...values: number[]) => Buffer.from(values);
const jsonWith = (name: Buffer) => Buffer.concat([Buffer.from('{"name":"'), name, Buffer.from('","categoryId":1}')]);

interface Row {
  readonly name: string;
  readonly request: Buffer;
  readonly status: number;
  readonly code: string;
  readonly allow?: string;
}

const row = (name: string, request: Buffer, status: number, code: string, allow?: string): Row => ({
  name,
  request,
  status,
  code,
  ...(allow && { allow }),
});

const CORPUS: Row[] = [
  // The docs' static files: traversal, NUL bytes, ranges and preconditions are the client's fault.
  row('docs traversal ../', rawRequest('GET', '/v1/docs/static/../../../package.json'), 403, 'forbidden'),
  row('docs traversal %2e%2e', rawRequest('GET', '/v1/docs/static/%2e%2e/%2e%2e/%2e%2e/package.json'), 403, 'forbidden'),
  row('docs traversal ..%2f', rawRequest('GET', '/v1/docs/static/..%2f..%2f..%2fpackage.json'), 404, 'route_not_found'),
  row('docs traversal backslashes', rawRequest('GET', '/v1/docs/static/..\\..\\..\\package.json'), 403, 'forbidden'),
  row('docs traversal %5c', rawRequest('GET', '/v1/docs/static/..%5c..%5c..%5cpackage.json'), 403, 'forbidden'),
  row('docs double slash', rawRequest('GET', '/v1/docs/static//etc/passwd'), 403, 'forbidden'),
  row('docs NUL', rawRequest('GET', '/v1/docs/static/%00'), 403, 'forbidden'),
  row('docs NUL extension', rawRequest('GET', '/v1/docs/static/index.html%00.css'), 403, 'forbidden'),
  row(
    'docs range past the end',
    rawRequest('GET', '/v1/docs/static/index.css', { Range: 'bytes=999999999-' }),
    416,
    'range_not_satisfiable',
  ),
  row('docs failed If-Match', rawRequest('GET', '/v1/docs/static/index.css', { 'If-Match': '"nope"' }), 412, 'precondition_failed'),
  // The router.
  row('bad percent-encoding in the path', rawRequest('GET', '/v1/pets/%zz', auth), 400, 'invalid_request'),
  row('bad percent-encoding, incomplete', rawRequest('GET', '/v1/pets/%', auth), 400, 'invalid_request'),
  // A path parameter not of its form is a 400 at any length: at 65 characters (its pattern), at 101
  // (the router's bound) and at 8 KB alike.
  row('65-digit petId', rawRequest('GET', `/v1/pets/${'9'.repeat(65)}`, auth), 400, 'invalid_request'),
  row('101-digit petId', rawRequest('GET', `/v1/pets/${'9'.repeat(101)}`, auth), 400, 'invalid_request'),
  row('8 KB petId', rawRequest('GET', `/v1/pets/${'1'.repeat(8192)}`, auth), 400, 'invalid_request'),
  row('101-character order id', rawRequest('POST', `/v1/orders/ord_${'a'.repeat(97)}/approve`, auth), 400, 'invalid_request'),
  row(
    '101-character webhook endpoint id',
    rawRequest('DELETE', `/v1/webhook-endpoints/we_${'a'.repeat(98)}`, auth),
    400,
    'invalid_request',
  ),
  // Node's HTTP parser.
  row(
    'two different Content-Length headers',
    rawRequest('POST', '/v1/pets', [...Object.entries(json), ['Content-Length', '29'], ['Content-Length', '30']], rex),
    400,
    'invalid_request',
  ),
  row(
    'Content-Length and Transfer-Encoding',
    rawRequest('POST', '/v1/pets', [...Object.entries(json), ['Transfer-Encoding', 'chunked'], ['Content-Length', '29']], rex),
    400,
    'invalid_request',
  ),
  row('NUL in a header value', rawRequest('GET', '/v1/pets', { ...auth, 'X-Evil': 'a\u0000b' }), 400, 'invalid_request'),
  row(
    'header line without a colon',
    Buffer.from('GET /v1/pets HTTP/1.1\r\nHost: x\r\nConnection: close\r\nno-colon-here\r\n\r\n'),
    400,
    'invalid_request',
  ),
  row('header section over 16 KB', rawRequest('GET', '/v1/pets', { ...auth, 'X-Big': 'a'.repeat(20_000) }), 431, 'header_fields_too_large'),
  row(
    'bad chunk size',
    rawRequest('POST', '/v1/pets', { ...json, 'Transfer-Encoding': 'chunked' }, 'zz\r\nabc\r\n0\r\n\r\n'),
    400,
    'invalid_request',
  ),
  // Bodies that are not UTF-8 are refused, never stored with replacement characters.
  ...(
    [
      ['FF FE', bytes(0xff, 0xfe)],
      ['C3 28', bytes(0xc3, 0x28)],
      ['lone continuation byte', bytes(0x80)],
      ['overlong slash', bytes(0xc0, 0xaf)],
      ['overlong NUL', bytes(0xe0, 0x80, 0x80)],
      ['encoded surrogate', bytes(0xed, 0xa0, 0x80)],
      ['5-byte form', bytes(0xf8, 0x88, 0x80, 0x80, 0x80)],
      ['truncated 3-byte form', bytes(0xe2, 0x82)],
    ] as const
  ).map(([what, name]) => row(`invalid UTF-8 (${what})`, rawRequest('POST', '/v1/pets', json, jsonWith(name)), 400, 'invalid_json')),
  // Names with nothing visible.
  ...(
    [
      ['zero-width joiners', '\u200d\u200d'],
      ['zero-width space', '\u200b'],
      ['Hangul fillers', '\u3164\u115f\u1160\uffa0'],
      ['Braille blank', '\u2800\u2800'],
      ['combining marks alone', '\u0301\u0308'],
      ['no-break and ideographic spaces', '\u00a0\u3000'],
      ['a variation selector', '\ufe0f'],
      ['soft hyphen and combining grapheme joiner', '\u00ad\u034f'],
      ['a lone surrogate', '\ud800'],
    ] as const
  ).map(([what, name]) =>
    row(`invisible name (${what})`, rawRequest('POST', '/v1/pets', json, JSON.stringify({ name, categoryId: 1 })), 400, 'invalid_request'),
  ),
  // Content codings and charsets.
  row(
    'gzip body',
    rawRequest('POST', '/v1/pets', { ...json, 'Content-Encoding': 'gzip' }, bytes(0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0)),
    415,
    'unsupported_media_type',
  ),
  row('brotli body', rawRequest('POST', '/v1/pets', { ...json, 'Content-Encoding': 'br' }, rex), 415, 'unsupported_media_type'),
  row('unknown coding', rawRequest('POST', '/v1/pets', { ...json, 'Content-Encoding': 'x-rot13' }, rex), 415, 'unsupported_media_type'),
  row(
    'latin1 charset',
    rawRequest('POST', '/v1/pets', { ...auth, 'Content-Type': 'application/json; charset=latin1' }, jsonWith(bytes(0xe9))),
    415,
    'unsupported_media_type',
  ),
  row(
    'UTF-16 charset',
    rawRequest('POST', '/v1/pets', { ...auth, 'Content-Type': 'application/json; charset=utf-16' }, rex),
    415,
    'unsupported_media_type',
  ),
  row('text/plain', rawRequest('POST', '/v1/pets', { ...auth, 'Content-Type': 'text/plain' }, rex), 415, 'unsupported_media_type'),
  // Methods on known paths: 405 with Allow, before any body is read.
  row('OPTIONS /v1/pets', rawRequest('OPTIONS', '/v1/pets', auth), 405, 'method_not_allowed', 'GET, HEAD, POST'),
  row('TRACE /v1/pets', rawRequest('TRACE', '/v1/pets', auth), 405, 'method_not_allowed', 'GET, HEAD, POST'),
  row('PUT /v1/pets/1', rawRequest('PUT', '/v1/pets/1', auth), 405, 'method_not_allowed', 'GET, HEAD, PATCH, DELETE'),
  row(
    'POST /v1/pets/1, JSON type, no body',
    rawRequest('POST', '/v1/pets/1', { ...json, 'Content-Length': '0' }),
    405,
    'method_not_allowed',
    'GET, HEAD, PATCH, DELETE',
  ),
  row(
    'POST /v1/pets/1 with a broken body',
    rawRequest('POST', '/v1/pets/1', json, '{"name":'),
    405,
    'method_not_allowed',
    'GET, HEAD, PATCH, DELETE',
  ),
  row('PUT /v1/pets with a body', rawRequest('PUT', '/v1/pets', json, rex), 405, 'method_not_allowed', 'GET, HEAD, POST'),
  row('POST to an unknown path with a broken body', rawRequest('POST', '/v1/animals', json, '{"name":'), 404, 'route_not_found'),
  // Integers in queries and paths only in canonical decimal form.
  ...['0x10', '0b11', '0o7', '1e2', '%2B5', '%205', '5%20', '007', '-0', '1.0', 'Infinity', '10%00'].map((limit) =>
    row(`limit=${limit}`, rawRequest('GET', `/v1/pets?limit=${limit}`, auth), 400, 'invalid_request'),
  ),
  ...['0001', '0x1', '1e0', '%2B1', '01'].map((id) =>
    row(`petId ${id}`, rawRequest('GET', `/v1/pets/${id}`, auth), 400, 'invalid_request'),
  ),
  // Credentials: exactly one Authorization header.
  row(
    'two Authorization headers, valid first',
    rawRequest('GET', '/v1/pets', [
      ['Authorization', `Bearer ${KEY}`],
      ['Authorization', `Bearer ${OTHER}`],
    ]),
    401,
    'unauthorized',
  ),
  row(
    'two Authorization headers, valid second',
    rawRequest('GET', '/v1/pets', [
      ['Authorization', `Bearer ${OTHER}`],
      ['Authorization', `Bearer ${KEY}`],
    ]),
    401,
    'unauthorized',
  ),
  // Pollution and forged input stay 400s.
  row(
    '__proto__ in the body',
    rawRequest('POST', '/v1/pets', json, '{"name":"Rex","categoryId":1,"__proto__":{"admin":true}}'),
    400,
    'invalid_json',
  ),
  row(
    'constructor.prototype in the body',
    rawRequest('POST', '/v1/pets', json, '{"name":"Rex","categoryId":1,"constructor":{"prototype":{"x":1}}}'),
    400,
    'invalid_json',
  ),
  row('forged cursor', rawRequest('GET', '/v1/pets?cursor=YWZ0ZXI6LTE', auth), 400, 'invalid_request'),
];

describe('hostile input over a real socket', () => {
  let app: Application;
  let port: number;
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          logLines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
          done();
        },
      }),
    );
    app = await createApp(
      loadConfig({
        API_KEYS: `${KEY}:business,${OTHER}:free`,
        RATE_LIMIT_BAN_THRESHOLD: '0',
        HTTP_HEADERS_TIMEOUT_MS: '1000',
        HTTP_REQUEST_TIMEOUT_MS: '2000',
      }),
      { adapters: memoryAdapters(), logger },
    );
    await app.http.listen({ host: '127.0.0.1', port: 0 });
    const address = app.http.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await app.http.close();
  });

  const expectErrorBody = (response: RawResponse, status: number, code: string) => {
    expect({ status: response.status, type: response.headers['content-type'] }).toEqual({
      status,
      type: 'application/json; charset=utf-8',
    });
    const body = JSON.parse(response.body) as { code: string; message: string; status: number };
    expect(body).toEqual({ code, message: expect.any(String) as unknown, status });
    expect(body.message.length).toBeGreaterThan(10);
  };

  it.each(CORPUS.map((r) => [r.name, r] as const))('%s', async (_, { request, status, code, allow }) => {
    const response = await sendRaw(port, request);
    expectErrorBody(response, status, code);
    if (allow) expect(response.headers.allow).toBe(allow);
  });

  it('closes a connection that sends its headers too slowly (slowloris), with 408 in the Error body', async () => {
    const response = await sendRaw(port, ['GET /v1/pets HTTP/1.1\r\nHost: x\r\n', 500, 'X-A: 1\r\n', 4_000, 'X-B: 2\r\n\r\n']);
    expectErrorBody(response, 408, 'request_timeout');
    // HTTP_HEADERS_TIMEOUT_MS=1000, checked every second: generous headroom on top.
    expect(response.closedAfterMs).toBeLessThan(1_000 + 1_000 + 1_500);
  });

  it('closes a connection whose body stalls, with 408 in the Error body', async () => {
    const head = rawRequest('POST', '/v1/pets', { ...json, 'Content-Length': '100' });
    const response = await sendRaw(port, [head, '{"name":', 6_000, '"late"}']);
    expectErrorBody(response, 408, 'request_timeout');
    expect(response.closedAfterMs).toBeLessThan(2_000 + 1_000 + 1_500);
  });

  it('logs a client that hangs up mid-body at info, not error', async () => {
    const head = rawRequest('POST', '/v1/pets', { ...json, 'Content-Length': '100' });
    await sendRaw(port, [head, '{"name":'], { hangUpAfterMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logLines.some((line) => line.msg === 'client closed the connection mid-request' && line.level === 30)).toBe(true);
  });

  it('stored nothing, wrote no error-level log line, and still serves', async () => {
    const listed = await sendRaw(port, rawRequest('GET', '/v1/pets?limit=100', auth));
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toEqual([]);
    const errors = logLines.filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
    const created = await sendRaw(port, rawRequest('POST', '/v1/pets', json, jsonWith(Buffer.from('Zoë 🐕'))));
    expect(created.status).toBe(201);
    expect((JSON.parse(created.body) as { name: string }).name).toBe('Zoë 🐕');
  });
});

/** Raw HTTP/1.1 over a socket, for requests that fetch and inject cannot send (broken framing, odd bytes). */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Milliseconds from the first byte written to the connection's close. */
  readonly closedAfterMs: number;
}

/** Writes `request` (with pauses where it is a list of parts) and reads until the server closes the connection. */
export function sendRaw(
  port: number,
  request: string | Buffer | readonly (string | Buffer | number)[],
  options: { hangUpAfterMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const started = performance.now();
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
        closedAfterMs: performance.now() - started,
      });
    });
    socket.on('connect', () => {
      void (async () => {
        const parts = typeof request === 'string' || Buffer.isBuffer(request) ? [request] : request;
        for (const part of parts) {
          if (typeof part === 'number') await new Promise((r) => setTimeout(r, part));
          else if (!socket.destroyed) socket.write(part);
        }
        if (options.hangUpAfterMs !== undefined) setTimeout(() => socket.destroy(), options.hangUpAfterMs);
      })().catch(reject);
    });
  });
}

/** A request as bytes: `Connection: close` so the server ends the exchange, Content-Length from the body unless given. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> | [string, string][] = {},
  body?: string | Buffer,
): Buffer {
  const list = Array.isArray(headers) ? headers : Object.entries(headers);
  const names = new Set(list.map(([name]) => name.toLowerCase()));
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...list.map(([n, v]) => `${n}: ${v}`)];
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  if (body !== undefined && !names.has('content-length') && !names.has('transfer-encoding')) lines.push(`Content-Length: ${bytes.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bytes]);
}

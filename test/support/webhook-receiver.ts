/**
 * A webhook receiver on loopback: records every request it gets and answers what the test says, so
 * a test sees deliveries as a partner's server would.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Hit {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface Answer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  /** Never answer (the sender's timeout ends the attempt). */
  readonly hang?: boolean;
}

export class WebhookReceiver {
  readonly hits: Hit[] = [];
  /** What to answer each request; 204 unless the test says otherwise. */
  answer: (hit: Hit) => Answer = () => ({ status: 204 });
  private readonly sockets = new Set<Socket>();
  private readonly waiters: { count: number; resolve: () => void }[] = [];

  private constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (request, response: ServerResponse) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const hit: Hit = { path: request.url ?? '', headers: request.headers, body };
        this.hits.push(hit);
        const answer = this.answer(hit);
        for (const waiter of this.waiters.filter((w) => this.hits.length >= w.count)) waiter.resolve();
        if (answer.hang) return;
        response.writeHead(answer.status, answer.headers ?? {});
        response.end();
      });
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return new WebhookReceiver(server);
  }

  /** A URL on this receiver under the name `host` (which the test's resolver answers with loopback). */
  url(path = '/hook', host = 'localhost'): string {
    return `http://${host}:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Resolves once `count` requests have come, or fails after `withinMs` saying how many did. */
  async received(count: number, withinMs = 10_000): Promise<Hit[]> {
    if (this.hits.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the receiver got ${this.hits.length} of ${count} requests in ${withinMs} ms`)),
          withinMs,
        );
        this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    }
    return this.hits.slice(0, count);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

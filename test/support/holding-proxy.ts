/**
 * A TCP proxy in front of a server that can hold traffic back: from the first client message that
 * matches, either the rest of that connection's requests (they reach the server only when released,
 * after the client gave up) or its replies (the server did the work, the client never hears of it).
 * Other connections flow as usual.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export type HoldWhat = 'requests' | 'replies';

export interface HoldingProxy {
  readonly port: number;
  /** Holds `what` on the next connection whose request matches, until `release`. */
  holdWhen(matches: (chunk: Buffer) => boolean, what: HoldWhat): void;
  /** True once a connection has been caught. */
  readonly holding: boolean;
  /** Ends the caught connection without delivering what was held: a write that never reached the server, or whose reply was lost. */
  drop(): void;
  /** Delivers what was held and lets traffic flow again; resolves when the held requests are written. */
  release(): Promise<void>;
  close(): Promise<void>;
}

interface Held {
  /** Null once released: the connection flows again. */
  what: HoldWhat | null;
  readonly client: Socket;
  readonly upstream: Socket;
  readonly chunks: Buffer[];
}

export async function startHoldingProxy(target: { host: string; port: number }): Promise<HoldingProxy> {
  let trap: { matches: (chunk: Buffer) => boolean; what: HoldWhat } | null = null;
  let held: Held | null = null;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    let mine: Held | null = null;
    client.on('data', (chunk: Buffer) => {
      if (!mine && trap?.matches(chunk)) {
        mine = held = { what: trap.what, client, upstream, chunks: [] };
        trap = null;
      }
      if (mine?.what === 'requests') mine.chunks.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (mine?.what === 'replies') mine.chunks.push(chunk);
      else client.write(chunk);
    });
    // The client may give up on a held connection; its held requests still reach the server on release.
    client.on('close', () => {
      if (mine?.what !== 'requests') upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the proxy has no port');
  return {
    port: address.port,
    holdWhen(matches, what) {
      trap = { matches, what };
    },
    get holding() {
      return held !== null;
    },
    drop() {
      const caught = held;
      held = null;
      if (!caught) return;
      caught.chunks.length = 0;
      caught.client.destroy();
      caught.upstream.destroy();
    },
    async release() {
      const caught = held;
      held = null;
      if (!caught) return;
      if (caught.what === 'requests') {
        for (const chunk of caught.chunks) caught.upstream.write(chunk);
        // The server has them once written; a client that gave up is gone, so the connection ends here.
        await new Promise<void>((resolve) => caught.upstream.write(Buffer.alloc(0), () => resolve()));
        if (caught.client.destroyed) setTimeout(() => caught.upstream.destroy(), 500);
      } else if (!caught.client.destroyed) {
        for (const chunk of caught.chunks) caught.client.write(chunk);
      }
      caught.chunks.length = 0;
      caught.what = null;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The start of a MongoDB command (`insert`, `update`, ...) on `collection`: BSON, a string element named by the command. */
export function mongoCommandOn(command: string, collection: string): (chunk: Buffer) => boolean {
  const name = Buffer.from(`${collection}\0`);
  const length = Buffer.alloc(4);
  length.writeInt32LE(name.length);
  const marker = Buffer.concat([Buffer.from([0x02]), Buffer.from(`${command}\0`), length, name]);
  return (chunk) => chunk.includes(marker);
}

/**
 * A TCP proxy in front of a server that can hold traffic back: from the first client message that
 * matches, either the rest of that connection's requests (they reach the server only when released,
 * after the client gave up) or its replies (the server did the work, the client never hears of it).
 * Other connections flow as usual.
 */
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

export type HoldWhat = 'requests' | 'replies';

/** One connection caught by a match: what it holds, until dropped or released. */
export interface Trap {
  /** Resolves when a connection has been caught. */
  readonly caught: Promise<void>;
  /** True once a connection has been caught. */
  readonly holding: boolean;
  /** Ends the caught connection without delivering what was held: a write that never reached the server, or whose reply was lost. */
  drop(): void;
  /**
   * Delivers what was held and lets traffic flow again; resolves when the held requests are written,
   * or with `'answered'`, once the server has answered them (the held write has then been applied).
   */
  release(until?: 'written' | 'answered'): Promise<void>;
  /** Stops waiting for a match (a connection caught already stays held). */
  cancel(): void;
}

export interface HoldingProxy {
  readonly port: number;
  /** Holds `what` on the next connection whose request matches, until the trap's drop or release; several traps may wait at once. */
  trap(matches: (chunk: Buffer) => boolean, what: HoldWhat): Trap;
  /** `trap` as the proxy's one trap, driven by `holding`, `drop` and `release` below. */
  holdWhen(matches: (chunk: Buffer) => boolean, what: HoldWhat): void;
  readonly holding: boolean;
  drop(): void;
  release(until?: 'written' | 'answered'): Promise<void>;
  close(): Promise<void>;
}

interface Held {
  /** Null once released: the connection flows again. */
  what: HoldWhat | null;
  readonly client: Socket;
  readonly upstream: Socket;
  readonly chunks: Buffer[];
}

interface Armed {
  readonly matches: (chunk: Buffer) => boolean;
  readonly what: HoldWhat;
  readonly onCaught: (held: Held) => void;
}

export async function startHoldingProxy(target: { host: string; port: number }): Promise<HoldingProxy> {
  const armed = new Set<Armed>();
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
      if (!mine) {
        const trap = [...armed].find((candidate) => candidate.matches(chunk));
        if (trap) {
          armed.delete(trap);
          mine = { what: trap.what, client, upstream, chunks: [] };
          trap.onCaught(mine);
        }
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

  const trap = (matches: (chunk: Buffer) => boolean, what: HoldWhat): Trap => {
    let held: Held | null = null;
    let onCaught = () => undefined as void;
    const caught = new Promise<void>((resolve) => (onCaught = resolve));
    const waiting: Armed = {
      matches,
      what,
      onCaught: (connection) => {
        held = connection;
        onCaught();
      },
    };
    armed.add(waiting);
    return {
      caught,
      get holding() {
        return held !== null;
      },
      drop() {
        const caughtNow = held;
        held = null;
        if (!caughtNow) return;
        caughtNow.chunks.length = 0;
        caughtNow.client.destroy();
        caughtNow.upstream.destroy();
      },
      async release(until = 'written') {
        const caughtNow = held;
        held = null;
        if (!caughtNow) return;
        if (caughtNow.what === 'requests') {
          const answered = until === 'answered' ? once(caughtNow.upstream, 'data') : null;
          for (const chunk of caughtNow.chunks) caughtNow.upstream.write(chunk);
          // The server has them once written; a client that gave up is gone, so the connection ends here.
          await new Promise<void>((resolve) => caughtNow.upstream.write(Buffer.alloc(0), () => resolve()));
          await answered;
          if (caughtNow.client.destroyed) setTimeout(() => caughtNow.upstream.destroy(), 500);
        } else if (!caughtNow.client.destroyed) {
          for (const chunk of caughtNow.chunks) caughtNow.client.write(chunk);
        }
        caughtNow.chunks.length = 0;
        caughtNow.what = null;
      },
      cancel() {
        armed.delete(waiting);
      },
    };
  };

  let current: Trap | null = null;
  return {
    port: address.port,
    trap,
    holdWhen(matches, what) {
      current?.cancel();
      current = trap(matches, what);
    },
    get holding() {
      return current?.holding ?? false;
    },
    drop() {
      current?.drop();
    },
    release(until) {
      return current?.release(until) ?? Promise.resolve();
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

import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isTimeout, within } from '../../../../src/application/shared/within.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('within', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    unhandled.length = 0;
  });

  it('settles as the work does when it is in time, and never calls for the timeout error', async () => {
    let asked = 0;
    const timedOut = () => {
      asked++;
      return new Error('late');
    };
    await expect(within(Promise.resolve('done'), 20, timedOut)).resolves.toBe('done');
    await expect(within(Promise.reject(new Error('refused')), 20, timedOut)).rejects.toThrow('refused');
    // The budget's timer is cleared: past the budget, the timeout error is still never built.
    await sleep(40);
    expect(asked).toBe(0);
  });

  it("fails with the caller's error once the budget is spent, and the abandoned work failing later is nobody's unhandled rejection", async () => {
    process.on('unhandledRejection', onUnhandled);
    const budgetError = new Error('the store did not answer in 10 ms');
    let fail!: (error: Error) => void;
    const work = new Promise<string>((_, reject) => {
      fail = reject;
    });
    const started = Date.now();
    await expect(within(work, 10, () => budgetError)).rejects.toBe(budgetError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9);
    fail(new Error('connection closed'));
    await sleep(20);
    expect(unhandled).toEqual([]);
  });

  it('settles with a reply that arrived in time while this process was busy past the budget, instead of declaring a timeout', async () => {
    // The peer writes its reply at once, so it lands in this socket's receive buffer, and then the
    // event loop is held beyond the budget. Timers run before I/O, so the budget's timer is due first;
    // the reply already received still wins.
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const accepted = once(server, 'connection');
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    const [peer] = (await accepted) as [Socket];
    await once(socket, 'connect');
    try {
      const reply = once(socket, 'data').then(([chunk]) => String(chunk));
      const answered = within(reply, 20, () => new Error('late'));
      peer.write('pong');
      const until = Date.now() + 120;
      while (Date.now() < until) {
        // busy past the budget
      }
      await expect(answered).resolves.toBe('pong');
    } finally {
      socket.destroy();
      peer.destroy();
      server.close();
    }
  });
});

describe('isTimeout', () => {
  it('recognises a timeout by the error name or message, in any case', () => {
    expect(isTimeout(new Error('Command timed out'))).toBe(true);
    expect(isTimeout(new Error('Server selection TIMEOUT after 30000 ms'))).toBe(true);
    const named = new Error('no answer');
    named.name = 'MongoNetworkTimeoutError';
    expect(isTimeout(named)).toBe(true);
  });

  it('is false for other failures and for anything that is not an Error', () => {
    expect(isTimeout(new Error('Connection is closed.'))).toBe(false);
    expect(isTimeout(new Error(''))).toBe(false);
    expect(isTimeout({ name: 'TimeoutError', message: 'timed out' })).toBe(false);
    expect(isTimeout('timed out')).toBe(false);
    expect(isTimeout(undefined)).toBe(false);
  });
});

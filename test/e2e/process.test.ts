/**
 * The built server (built once by the global setup) as a process: start-up output, a bad configuration, and graceful shutdown.
 * What a child printed is read after 'close', not 'exit': 'exit' may come before the last of its output has been read.
 */
import { PLAN_LIMITS } from '../../src/domain/access/plans.js';
import { connect, createServer, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startService as start, waitForOutput as waitFor } from '../support/processes.js';

describe('the server process', () => {
  it('prints a development key, a development admin credential and curl lines that work', async () => {
    const child = start({});
    try {
      const [, key, address = '', token, adminAddress] = await waitFor(
        child,
        /Bearer (adopt_stage_\w+)' '(http:\/\/127\.0\.0\.1:\d+)\/v1\/pets\?limit=5'[\s\S]*Bearer (adopt_admin_\w+)' -H 'Content-Type: application\/json' -d '\{"name":"Shelter A","plan":"pro"\}' (http:\/\/127\.0\.0\.1:\d+)\/admin\/v1\/keys/,
      );
      const response = await fetch(`${address}/v1/pets?limit=5`, { headers: { authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
      expect(response.headers.get('x-ratelimit-limit')).toBe(String(PLAN_LIMITS.free.perMinute));
      // The development admin credential, printed with a curl line for the admin listener.
      expect(adminAddress).not.toBe(address);
      const issued = await fetch(`${adminAddress}/admin/v1/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Shelter A', plan: 'pro' }),
      });
      expect(issued.status).toBe(201);
      const { key: proKey } = (await issued.json()) as { key: string };
      const asPro = await fetch(`${address}/v1/pets`, { headers: { authorization: `Bearer ${proKey}` } });
      expect(asPro.headers.get('x-ratelimit-limit')).toBe(String(PLAN_LIMITS.pro.perMinute));
      expect((await fetch(`${address}/admin/v1/keys`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('stops on a bad variable, naming it', async () => {
    const child = start({ PORT: 'eighty' });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'close')) as [number];
    expect(code).toBe(78);
    expect(stderr).toMatch(/Invalid configuration:\n {2}PORT="eighty" must be integer/);
  });

  it('stops with exit code 1, naming the server, when MongoDB does not answer at start-up, for a supervisor to start it again', async () => {
    // A listener that takes connections and never answers: a MongoDB that is frozen or unreachable.
    const silent = createServer(() => undefined);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    try {
      const child = start({ MONGODB_URL: `mongodb://127.0.0.1:${port}`, MONGODB_TIMEOUT_MS: '300' });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'close')) as [number];
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`^Start-up failed: MongoDB at 127\\.0\\.0\\.1:${port} did not answer within 300 ms`));
    } finally {
      silent.close();
    }
  });

  it('refuses APP_ENV=production on in-memory storage, naming MONGODB_URL, unless allowed; allowed, prints no secret', async () => {
    const refused = start({ APP_ENV: 'production' });
    let stderr = '';
    refused.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(refused, 'close')) as [number];
    expect(code).toBe(78);
    expect(stderr).toContain('APP_ENV=production needs MONGODB_URL');
    expect(stderr).toContain('ALLOW_IN_MEMORY_STORAGE=true');

    const trial = start({ APP_ENV: 'production', ALLOW_IN_MEMORY_STORAGE: 'true' });
    let output = '';
    trial.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor(trial, /no development key or admin credential is created/);
      expect(output).toContain('Animal Adoption API listening');
      expect(output).not.toMatch(/adopt_live_|adopt_admin_/);
    } finally {
      trial.kill('SIGTERM');
      await once(trial, 'exit');
    }
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const child = start({ API_KEYS: 'shutdown-test-key-0000000001:pro' });
    let logs = '';
    child.stdout?.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    const [, port] = await waitFor(child, /"address":"http:\/\/127\.0\.0\.1:(\d+)"/);
    const body = JSON.stringify({ name: 'Late', categoryId: 1 });
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer shutdown-test-key-0000000001\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGTERM');
    await waitFor(child, /shutting down/);
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    socket.write(body.slice(5));
    await once(socket, 'close');
    expect(response).toMatch(/^HTTP\/1\.1 201 Created/);
    expect(response).toContain('"name":"Late"');
    const [code] = (await once(child, 'close')) as [number];
    expect(code).toBe(0);
    // One access line for the request, with its key id but never the key.
    const access = logs.split('\n').filter((line) => line.includes('"msg":"request"'));
    expect(access).toHaveLength(1);
    expect(JSON.parse(access[0] as string)).toMatchObject({
      level: 30,
      method: 'POST',
      route: '/v1/pets',
      status: 201,
      keyId: expect.stringMatching(/^key_/) as unknown,
      reqId: expect.any(String) as unknown,
      ms: expect.any(Number) as unknown,
    });
    expect(logs).not.toContain('shutdown-test-key');
  });
});

describe('the build the process suites start from', () => {
  // Two runs on one machine (CI runs two Node.js lines side by side) each build in their global
  // setup; a build that rewrote files would let a server starting from the other run's build read a
  // file half-written. Over an unchanged tree a build writes nothing.
  it('rewrites no file of dist when the sources have not changed', () => {
    const before = new Map(filesOf('dist').map((file) => [file, statSync(file).mtimeMs]));
    execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'pipe' });
    const after = filesOf('dist');
    expect(after.length).toBeGreaterThan(100);
    expect(after.filter((file) => statSync(file).mtimeMs !== before.get(file))).toEqual([]);
  });
});

function filesOf(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Waiting on child processes the tests start: servers, the key tool, database servers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { startFlags } from '../../bench/start-flags.js';

const root = new URL('../../', import.meta.url).pathname;

/**
 * The built server (dist/config/main.js) as `npm start` runs it, as a process on loopback, on ports
 * of its own, with `env` added.
 */
export function startService(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...startFlags(root), 'dist/config/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ADMIN_PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The public address a started service prints once it listens. */
export async function serviceAddress(child: ChildProcess): Promise<string> {
  return (await waitForOutput(child, /"address":"(http:\/\/127\.0\.0\.1:\d+)"/))[1] as string;
}

/** Resolves with the first match of `pattern` in the child's standard output so far. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 20_000): Promise<RegExpExecArray> {
  let seen = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`timed out waiting for ${pattern}; output so far:\n${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) finish(null, match);
    };
    const onExit = (code: number | null) => finish(new Error(`exited with ${code} before ${pattern}; output:\n${seen}`));
    function finish(error: Error | null, match?: RegExpExecArray) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(match as RegExpExecArray);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Stops a child with SIGTERM and waits for it to exit; a paused (SIGSTOP) child is continued so it can. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  child.kill('SIGCONT');
  await exited;
}

/** A server process a test owns: it can be frozen (SIGSTOP, as a partition or an election looks to a client) and thawed. */
export interface OwnedServer {
  readonly url: string;
  readonly stop: () => Promise<void>;
  readonly pause: () => void;
  readonly resume: () => void;
}

export function ownedServer(child: ChildProcess, url: string): OwnedServer {
  return {
    url,
    stop: () => stopProcess(child),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}

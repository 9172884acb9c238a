// Processes the bench scripts start: pinned to a core when taskset is there, and servers that
// print "READY <port>" when listening (bench/server.js).
import { spawn, spawnSync } from 'node:child_process';

export const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** node with these arguments, on the given core when it can be pinned. */
export function pinned(core, args, options) {
  return hasTaskset ? spawn('taskset', ['-c', core, process.execPath, ...args], options) : spawn(process.execPath, args, options);
}

/** Moves this process to the given core (the scripts that drain the servers' log pipes stay off the server core). */
export function pinSelf(core) {
  if (hasTaskset) spawnSync('taskset', ['-p', '-c', core, String(process.pid)]);
}

/**
 * The port a server started with piped stdout listens on. From then on its output (the service logs
 * to stdout as npm start does) is drained and dropped, unless `onOutput` takes it.
 */
export function readyPort(child, name, onOutput = () => undefined) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const untilReady = (chunk) => {
      seen += chunk;
      const match = /READY (\d+)/.exec(seen);
      if (!match) return;
      child.stdout.off('data', untilReady);
      child.off('exit', exited);
      child.stdout.on('data', onOutput);
      onOutput(seen.slice(match.index + match[0].length));
      resolve(Number(match[1]));
    };
    const exited = (code) => reject(new Error(`${name} exited with ${code}`));
    child.stdout.on('data', untilReady);
    child.once('exit', exited);
  });
}

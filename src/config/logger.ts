/** The process logger. */
import { pino, type Logger } from 'pino';
import type { AppConfig } from './env.js';

/**
 * JSON lines on stdout, written asynchronously: at idle each line goes out at once, under load the
 * lines that arrive while a write is in flight go out together in the next one. pino flushes what
 * is left when the process exits.
 */
export function createLogger(config: AppConfig): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization'], censor: '[redacted]' },
    },
    // Written asynchronously, 4 KiB at a time (one write call per twenty-odd access lines: each call
    // is a trip through libuv's thread pool, and one every few lines cost more than the lines), and
    // at least once a second, so that a quiet service's lines are not held back. What is left is
    // written on exit.
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
  );
}

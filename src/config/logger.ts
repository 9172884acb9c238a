/** The process logger. */
import { pino, type Logger } from 'pino';
import type { AppConfig } from './env.js';
import { stdoutDestination } from '../adapters/shared/logging/log-destination.js';

/**
 * JSON lines on stdout through the process's one stdout writer (log-destination.ts): written
 * asynchronously in large chunks, in order, bounded when stdout is slow, and written out on exit.
 */
export function createLogger(config: AppConfig): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization'], censor: '[redacted]' },
    },
    stdoutDestination(),
  );
}

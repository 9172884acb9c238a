/**
 * Where the process's log lines go: one writer for stdout, shared by every logger, so lines leave in
 * the order they were logged. Lines are appended to a string and written asynchronously in large
 * chunks: one write call for hundreds of access lines under load, and a quiet service's lines out
 * within `flushAfterMs`. pino's own destination measured the whole pending string on every line,
 * which cost more than building the line (docs/performance.md).
 *
 * Bounded: when stdout takes lines more slowly than the service writes them (a stalled log
 * collector), at most `maxPendingChars` wait; later lines are dropped and counted, and once writing
 * resumes one warn line says how many. What waits is written synchronously on exit.
 */
import { write, writeSync } from 'node:fs';
import { hostname } from 'node:os';

export interface LogDestinationOptions {
  /** The file descriptor written to (1, stdout). */
  readonly fd: number;
  /** A chunk is written as soon as this many characters wait and no write is under way. */
  readonly chunkChars: number;
  /** A line waits at most this long for the next write. */
  readonly flushAfterMs: number;
  /** Lines beyond this many waiting characters are dropped and counted. */
  readonly maxPendingChars: number;
}

export const STDOUT_OPTIONS: LogDestinationOptions = { fd: 1, chunkChars: 16_384, flushAfterMs: 100, maxPendingChars: 8_388_608 };

/** How long to wait before writing again to a non-blocking descriptor that is full (EAGAIN). */
const RETRY_FULL_MS = 20;

export class LogDestination {
  private pending = '';
  /** The chunk a write call has, and how much of it is written. */
  private inFlight: Buffer | null = null;
  private inFlightOffset = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Lines dropped since the last warning about it, and in all. */
  private droppedSinceWarning = 0;
  private droppedTotal = 0;

  constructor(private readonly options: LogDestinationOptions) {}

  /** Lines dropped so far because stdout was too slow (log_lines_dropped_total). */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Takes one line (with its newline). Returns false when it was dropped. */
  write(line: string): boolean {
    if (this.pending.length + line.length > this.options.maxPendingChars) {
      this.droppedSinceWarning++;
      this.droppedTotal++;
      return false;
    }
    this.pending += line;
    if (this.inFlight === null) {
      if (this.pending.length >= this.options.chunkChars) this.writeChunk();
      else this.timer ??= setTimeout(() => this.writeChunk(), this.options.flushAfterMs).unref();
    }
    return true;
  }

  /** Writes what waits, and what a write under way has left, synchronously: on exit. */
  flushSync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rest = this.inFlight?.subarray(this.inFlightOffset);
    this.inFlight = null;
    const chunk = this.takePending();
    for (const data of [rest, chunk === '' ? undefined : Buffer.from(chunk)]) {
      let offset = 0;
      while (data && offset < data.length) {
        try {
          offset += writeSync(this.options.fd, data, offset);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
        }
      }
    }
  }

  private writeChunk(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.inFlight !== null) return;
    const chunk = this.takePending();
    if (chunk === '') return;
    this.inFlight = Buffer.from(chunk);
    this.inFlightOffset = 0;
    this.continueWrite();
  }

  private continueWrite(): void {
    const data = this.inFlight;
    if (data === null) return;
    write(this.options.fd, data, this.inFlightOffset, data.length - this.inFlightOffset, null, (error, written) => {
      if (this.inFlight !== data) return; // written synchronously meanwhile (flushSync)
      if (error) {
        // Full (a non-blocking pipe): try again shortly. Anything else: the chunk cannot be written.
        if (error.code === 'EAGAIN') {
          setTimeout(() => this.continueWrite(), RETRY_FULL_MS).unref();
          return;
        }
      } else {
        this.inFlightOffset += written;
        if (this.inFlightOffset < data.length) {
          this.continueWrite();
          return;
        }
      }
      this.inFlight = null;
      if (this.pending.length >= this.options.chunkChars) this.writeChunk();
      else if (this.pending !== '') this.timer ??= setTimeout(() => this.writeChunk(), this.options.flushAfterMs).unref();
    });
  }

  /** What waits, preceded by a warning when lines were dropped since the last one. */
  private takePending(): string {
    let chunk = this.pending;
    this.pending = '';
    if (this.droppedSinceWarning > 0) {
      chunk =
        `{"level":40,"time":${Date.now()},"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"dropped":${this.droppedSinceWarning},` +
        `"msg":"Log lines were dropped: stdout took them more slowly than they were written"}\n${chunk}`;
      this.droppedSinceWarning = 0;
    }
    return chunk;
  }
}

let stdout: LogDestination | null = null;

/** The one writer for stdout in this process, written out on exit. */
export function stdoutDestination(): LogDestination {
  if (stdout === null) {
    const destination = new LogDestination(STDOUT_OPTIONS);
    process.once('exit', () => destination.flushSync());
    stdout = destination;
  }
  return stdout;
}

/**
 * Where the process's log lines go: one writer for stdout, shared by every logger, so lines leave in
 * the order they were logged. Each line is copied once into a large buffer, and full buffers are
 * written asynchronously: one write call for hundreds of access lines under load, and a quiet
 * service's lines out within `flushAfterMs`. pino's own destination measured the whole pending
 * string on every line, which cost more than building the line (docs/performance.md).
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
  /** Lines are copied into buffers of this many bytes; a full one is written as soon as no write is under way. */
  readonly chunkBytes: number;
  /** A line waits at most this long for the next write. */
  readonly flushAfterMs: number;
  /** Lines that would make more than this many bytes wait are dropped and counted. */
  readonly maxPendingBytes: number;
}

export const STDOUT_OPTIONS: LogDestinationOptions = { fd: 1, chunkBytes: 65_536, flushAfterMs: 100, maxPendingBytes: 8_388_608 };

/** How long to wait before writing again to a non-blocking descriptor that is full (EAGAIN). */
const RETRY_FULL_MS = 20;

export class LogDestination {
  /** Full buffers waiting for their write, oldest first; the one being filled; how much of it is. */
  private readonly full: Buffer[] = [];
  private filling: Buffer;
  private filled = 0;
  private waitingBytes = 0;
  /** The chunk a write call has, and how much of it is written. */
  private inFlight: Buffer | null = null;
  private inFlightOffset = 0;
  /** Written-out buffers of the chunk size, kept for reuse. */
  private readonly spare: Buffer[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** Lines dropped since the last warning about it, and in all. */
  private droppedSinceWarning = 0;
  private droppedTotal = 0;

  constructor(private readonly options: LogDestinationOptions) {
    this.filling = Buffer.allocUnsafe(options.chunkBytes);
  }

  /** Lines dropped so far because stdout was too slow (log_lines_dropped_total). */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Takes one line (with its newline). Returns false when it was dropped. */
  write(line: string): boolean {
    // At most three bytes per UTF-16 unit: checked against that before copying, measured after.
    const most = line.length * 3;
    if (this.waitingBytes + most > this.options.maxPendingBytes) {
      this.droppedSinceWarning++;
      this.droppedTotal++;
      return false;
    }
    if (this.droppedSinceWarning > 0) this.append(this.dropWarning());
    this.append(line);
    if (this.inFlight === null) {
      if (this.full.length > 0) this.writeNext();
      else this.timer ??= setTimeout(() => this.writeNext(), this.options.flushAfterMs).unref();
    }
    return true;
  }

  /** Writes what waits, and what a write under way has left, synchronously: on exit. */
  flushSync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rest = this.inFlight?.subarray(this.inFlightOffset);
    this.inFlight = null;
    this.sealFilling();
    for (const data of [rest, ...this.full.splice(0)]) {
      let offset = 0;
      while (data && offset < data.length) {
        try {
          offset += writeSync(this.options.fd, data, offset);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
        }
      }
    }
    this.waitingBytes = 0;
  }

  private append(line: string): void {
    if (this.options.chunkBytes - this.filled < line.length * 3) {
      this.sealFilling();
      if (line.length * 3 > this.options.chunkBytes) {
        // A line longer than a chunk goes in a buffer of its own.
        const own = Buffer.from(line);
        this.full.push(own);
        this.waitingBytes += own.length;
        return;
      }
    }
    const written = this.filling.write(line, this.filled);
    this.filled += written;
    this.waitingBytes += written;
  }

  /** Moves the buffer being filled, if it holds anything, to the queue. */
  private sealFilling(): void {
    if (this.filled === 0) return;
    this.full.push(this.filling.subarray(0, this.filled));
    this.filling = this.spare.pop() ?? Buffer.allocUnsafe(this.options.chunkBytes);
    this.filled = 0;
  }

  private writeNext(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.inFlight !== null) return;
    if (this.full.length === 0) this.sealFilling();
    const next = this.full.shift();
    if (next === undefined) return;
    this.inFlight = next;
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
      this.waitingBytes -= data.length;
      if (data.buffer.byteLength === this.options.chunkBytes && this.spare.length < 2)
        this.spare.push(Buffer.from(data.buffer, data.byteOffset, this.options.chunkBytes));
      if (this.full.length > 0) this.writeNext();
      else if (this.filled > 0) this.timer ??= setTimeout(() => this.writeNext(), this.options.flushAfterMs).unref();
    });
  }

  /** The line that says how many lines were dropped since the last such line. */
  private dropWarning(): string {
    const line =
      `{"level":40,"time":${Date.now()},"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"dropped":${this.droppedSinceWarning},` +
      `"msg":"Log lines were dropped: stdout took them more slowly than they were written"}\n`;
    this.droppedSinceWarning = 0;
    return line;
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

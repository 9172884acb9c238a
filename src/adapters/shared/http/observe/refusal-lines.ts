/**
 * How a flood is logged. A request refused under the rate limits (429) gets no access line of its
 * own each: the first refusal of a key in each second is written in full, as its access line; the
 * key's further refusals in that second are gathered and written as "requests refused" lines, each
 * with the key, the status, how many, when the first of them came, their routes counted and every
 * request id. A line holds at most ID_LINE_LIMIT ids, so that it stays under 16 KiB (Docker's
 * json-file driver splits longer lines) even with the longest request ids a client may send; a key
 * flooding at 30,000 requests a second writes some 300 lines a second instead of 30,000, and every
 * refused request's id and key is still in the log. Refusals without a key (limited by their
 * client's address) are gathered together, under no key. Every refusal is counted in the metrics
 * and the key's usage as before; only its log line changes.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AccessLine, RouteFacts } from './access-line.js';

/** At most this many request ids a line: 100 ids of 128 characters (the longest kept) and the rest fit in 16 KiB. */
export const ID_LINE_LIMIT = 100;

/** How often the refusals gathered are written: each key's first refusal after this is written in full again. */
export const REFUSAL_PERIOD_MS = 1_000;

/** What is gathered of one key's refusals since its last line. */
interface Gathered {
  readonly keyId: string | undefined;
  /** When the first refusal gathered came (ms since the epoch); 0 when none is gathered. */
  since: number;
  ids: string[];
  routes: Record<string, number>;
}

export interface RefusalLines {
  /** Logs a request refused under the rate limits (a 429): in full when it is its key's first this period, else gathered. */
  write(request: FastifyRequest, status: 429, elapsedMs: number, facts: RouteFacts): void;
  /** Writes what is gathered and starts a new period: each key's next refusal is written in full. */
  flush(): void;
  /** Flushes and stops the timer; refusals after it are written in full, one line each. */
  stop(): void;
}

export function refusalLines(accessLine: AccessLine, logger: FastifyBaseLogger, periodMs = REFUSAL_PERIOD_MS): RefusalLines {
  let keys = new Map<string, Gathered>();
  let stopped = false;

  const writeGathered = (gathered: Gathered): void => {
    logger.info(
      {
        ...(gathered.keyId !== undefined && { keyId: gathered.keyId }),
        status: 429,
        count: gathered.ids.length,
        since: gathered.since,
        routes: gathered.routes,
        reqIds: gathered.ids,
      },
      'requests refused',
    );
    gathered.since = 0;
    gathered.ids = [];
    gathered.routes = {};
  };

  const flush = (): void => {
    const written = keys;
    keys = new Map();
    for (const gathered of written.values()) if (gathered.ids.length > 0) writeGathered(gathered);
  };

  const timer = setInterval(flush, periodMs);
  timer.unref();

  return {
    write(request, status, elapsedMs, facts) {
      const keyId = request.apiKey?.keyId;
      const label = keyId ?? '';
      const gathered = stopped ? undefined : keys.get(label);
      if (gathered === undefined) {
        accessLine(request, status, elapsedMs, facts);
        if (!stopped) keys.set(label, { keyId, since: 0, ids: [], routes: {} });
        return;
      }
      if (gathered.ids.length === 0) gathered.since = Date.now();
      gathered.ids.push(request.id);
      const route = `${request.method} ${facts.url}`;
      gathered.routes[route] = (gathered.routes[route] ?? 0) + 1;
      if (gathered.ids.length === ID_LINE_LIMIT) writeGathered(gathered);
    },
    flush,
    stop() {
      clearInterval(timer);
      flush();
      stopped = true;
    },
  };
}

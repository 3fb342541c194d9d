import type http from 'node:http';

/** Headers the HTTP server writes itself for each response, never repeated from a stored answer. */
const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

export type EarlyHeaders = Record<string, string | string[]>;

/**
 * The headers Fastify sent with an answer, ready to send again with the same bytes: what the HTTP
 * server adds per response (date, keep-alive) is left to it, and the length is the body's. An
 * answer that sets a cookie belongs to one client and is never repeated: undefined.
 */
export function earlyHeadersFrom(
  headers: Record<string, unknown>,
  body: Buffer | string,
): EarlyHeaders | undefined {
  if (headers['set-cookie'] !== undefined) return undefined;
  const kept: EarlyHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (PER_RESPONSE_HEADERS.has(name)) continue;
    if (typeof value === 'string' || Array.isArray(value)) kept[name] = value;
    else if (typeof value === 'number') kept[name] = String(value);
  }
  kept['content-length'] = String(Buffer.byteLength(body));
  return kept;
}

/** A stored public answer: the exact bytes and headers Fastify sent for it. */
export type EarlyAnswer = { headers: EarlyHeaders; body: Buffer };

/**
 * Public GET answers the HTTP server sends before Fastify runs (docs/decisions/054): a route
 * registers, for one exact URL, a function returning the answer it last sent a visitor while that
 * answer is still current (warm in its cache), or undefined to let Fastify answer. Only requests
 * without a cookie or an Authorization header qualify, so a stored answer is always one any visitor
 * would get; a visitor's GET runs no rate limit, origin check or session lookup, so skipping the
 * hooks changes nothing but the per-request work (the request is not counted in the metrics'
 * latency histogram nor logged, like the health fast path).
 */
export type EarlyAnswers = {
  register(url: string, answer: () => EarlyAnswer | undefined): void;
  /** True when it answered the request. */
  tryAnswer(req: http.IncomingMessage, res: http.ServerResponse): boolean;
};

export function createEarlyAnswers(): EarlyAnswers {
  const byUrl = new Map<string, () => EarlyAnswer | undefined>();
  return {
    register(url, answer) {
      byUrl.set(url, answer);
    },
    tryAnswer(req, res) {
      if (req.method !== 'GET' || !isVisitorRequest(req.headers)) return false;
      const answer = byUrl.get(req.url ?? '')?.();
      if (!answer) return false;
      res.writeHead(200, answer.headers);
      res.end(answer.body);
      return true;
    },
  };
}

/** A request that an early answer could have served: the same rule as `tryAnswer`. */
export function isVisitorRequest(headers: http.IncomingHttpHeaders): boolean {
  return headers.cookie === undefined && headers.authorization === undefined;
}

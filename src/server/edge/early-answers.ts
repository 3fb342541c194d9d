import type http from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** A stored answer: the exact bytes and headers Fastify sent for it. */
export type EarlyAnswer = { headers: EarlyHeaders; body: Buffer };

/**
 * A GET route's permission to be answered by the HTTP server before Fastify runs (decision 054),
 * declared in its policy (`config.policy.earlyAnswer`). The edge keeps the last 200 answer Fastify
 * sent to `url` and repeats it while `isCurrent` says Fastify would send the same bytes.
 */
export type EarlyAnswerRule = {
  /** The one URL answered early, exactly as requested (no query string, no trailing slash). */
  url: string;
  /**
   * Only requests without a cookie or an Authorization header, so a stored answer is always one
   * any visitor would get (health too, since an admin's session adds the version to its answer).
   */
  for: 'visitors';
  /**
   * Called for every early answer, so keep it cheap (a clock or cache lookup, no I/O). Left out on
   * a route whose policy declares `cache`: the edge supplies it (edge.ts).
   */
  isCurrent?: (answer: EarlyAnswer) => boolean;
};

/**
 * The answers the HTTP server sends before Fastify runs (docs/decisions/054). Skipping Fastify
 * skips its routing, hooks and validation: a visitor's GET runs no rate limit, origin check or
 * session lookup anyway, so only the per-request work changes (the request is neither counted in
 * the metrics' latency histogram nor logged). Stopped for good when the app drains or closes, so
 * Fastify answers 503 from then on.
 */
export type EarlyAnswers = {
  /** Makes `rule.url` answerable early once Fastify has answered it (edge.ts, per route). */
  register(rule: EarlyAnswerRule): void;
  /** The route's onSend: keeps a 200 answer its rule allows repeating. */
  keep(rule: EarlyAnswerRule, request: FastifyRequest, reply: FastifyReply, payload: unknown): void;
  /** True when it answered the request. */
  tryAnswer(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  stop(): void;
};

export function createEarlyAnswers(): EarlyAnswers {
  const byUrl = new Map<string, { rule: EarlyAnswerRule; answer: EarlyAnswer | undefined }>();
  let isStopped = false;
  return {
    register(rule) {
      byUrl.set(rule.url, { rule, answer: undefined });
    },
    keep(rule, request, reply, payload) {
      if (reply.statusCode !== 200 || request.method !== 'GET' || request.url !== rule.url) return;
      if (rule.for === 'visitors' && !isVisitorRequest(request.headers)) return;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return;
      const slot = byUrl.get(rule.url);
      if (!slot) return;
      const headers = earlyHeadersFrom(reply.getHeaders(), payload);
      slot.answer = headers
        ? { headers, body: typeof payload === 'string' ? Buffer.from(payload) : payload }
        : undefined;
    },
    tryAnswer(req, res) {
      if (isStopped || req.method !== 'GET') return false;
      const slot = byUrl.get(req.url ?? '');
      const answer = slot?.answer;
      if (!answer) return false;
      if (slot.rule.for === 'visitors' && !isVisitorRequest(req.headers)) return false;
      if (!slot.rule.isCurrent?.(answer)) return false;
      res.writeHead(200, answer.headers);
      res.end(answer.body);
      return true;
    },
    stop() {
      isStopped = true;
    },
  };
}

/** A request that a visitors' early answer could have served: the same rule as `tryAnswer`. */
export function isVisitorRequest(headers: http.IncomingHttpHeaders): boolean {
  return headers.cookie === undefined && headers.authorization === undefined;
}

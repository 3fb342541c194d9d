import { isLocale } from '@shared/locales';
import type { ErrorCode, ErrorDetails } from '@shared/schemas/errors';
import { type QueryFunction, queryOptions } from '@tanstack/react-query';
import { isLocalisingErrors, localisedErrorMessage, localisedRateLimitTitle } from './error-messages';
import { i18n, loadNamespace } from './i18n';

/**
 * The one way the client talks to the API (docs/product.md, "The HTTP calls" and "Errors shown"): cookies always, JSON only
 * when there is a body, and any non-OK response becomes an `ApiError` carrying the status and what the
 * error body (`{message, code?}`, src/shared/schemas/errors.ts) said. Screens tell failures apart by
 * `status` and `code`, never by reading the message.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const RATE_LIMITED_TITLE = 'A short pause, please';
const RATE_LIMITED_FALLBACK = 'You have done this many times in a short while. Please try again in a minute.';
/** The message of a failure whose body says nothing a person can read (empty, HTML from a proxy). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** A non-OK answer from the API. `message` is the server's sentence, or GENERIC_ERROR_MESSAGE. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** The body's fields beside `message` and `code` (such as `mutedUntil` with MUTED). */
  readonly details: ErrorDetails;
  /** Whether `message` is the server's own sentence for people (not the generic one). */
  readonly hasServerMessage: boolean;
  /** Seconds the server asked to wait before trying again (`Retry-After`), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    message?: string | null | undefined;
    code?: ErrorCode | undefined;
    details?: ErrorDetails | undefined;
    retryAfterSeconds?: number | null | undefined;
  }) {
    super(init.message || GENERIC_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? {};
    this.hasServerMessage = Boolean(init.message);
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** Reads a failed response's body once: JSON through the shared schema, plain text as it is. */
export async function readApiError(response: Response): Promise<ApiError> {
  const text = (await response.text().catch(() => '')).trim();
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  const status = response.status;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: a short plain-text reason is readable; an HTML page from a proxy is not for people.
    const isReadable = text !== '' && !text.startsWith('<');
    return new ApiError({ status, message: isReadable ? text : null, retryAfterSeconds });
  }
  // The schema (and zod) load with the first failure, not with the first page (docs/decisions/051).
  // If even that file cannot load (a deploy replaced it), the failure is still told, generically.
  const schemas = await import('@shared/schemas/errors').catch(() => null);
  if (!schemas) return new ApiError({ status, retryAfterSeconds });
  const body = schemas.ErrorBodySchema.safeParse(json);
  if (!body.success) return new ApiError({ status, retryAfterSeconds });
  const { message, code, ...details } = body.data;
  // In another language than English the member reads the client's sentence for the code
  // (lib/error-messages.ts): its catalogue loads with the first failure, like the schema.
  if (code && isLocalisingErrors() && isLocale(i18n.locale)) {
    await loadNamespace(i18n.locale, 'errors').catch(() => undefined);
  }
  return new ApiError({ status, message, code, details, retryAfterSeconds });
}

/**
 * How a write limit (429) reaches the member. The client's lowest layer shows nothing itself: the
 * app's providers (src/client/app/providers.tsx) plug the toast in as the app starts.
 */
let showRateLimitNotice: (notice: { title: string; description: string }) => void = () => {};

export function setRateLimitNotice(show: typeof showRateLimitNotice): void {
  showRateLimitNotice = show;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const error = await readApiError(response);
  // A write limit (429) is told the same way wherever it happens, even for writes that are
  // otherwise quiet (progress saves). It is shown after the screen's own error handling has run:
  // one toast is on screen at a time, and a screen's generic "Failed to ..." must not hide it.
  if (error.status === 429) {
    const description = getErrorMessage(error) ?? RATE_LIMITED_FALLBACK;
    const title = localisedRateLimitTitle() ?? RATE_LIMITED_TITLE;
    setTimeout(() => showRateLimitNotice({ title, description }), 0);
  }
  throw error;
}

/**
 * How a request to the API leaves: the browser's `fetch`. The server's page renderer
 * (src/client/prerender.tsx) answers the same requests in-process, through the same routes and with
 * the member's own cookie, so a page rendered on the server holds exactly what the API gives them.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Replaces the transport (the server's renderer only); `null` puts the browser's `fetch` back. */
export function setApiTransport(next: typeof fetch | null): void {
  transport = next ?? ((input, init) => fetch(input, init));
}

/** `fetch` for API paths: every API read and write goes through here. */
export function apiFetch(url: string, init?: RequestInit): Promise<Response> {
  return transport(url, init);
}

/** `signal`: aborts the request (React Query passes one, to cancel a search a newer one replaced). */
export type ApiRequestOptions = { signal?: AbortSignal | undefined };

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await apiFetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  await throwIfNotOk(response);
  return response;
}

/** `apiRequest` whose answer is the JSON body, read as `T`. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  return (await (await apiRequest(method, url, body, options)).json()) as T;
}

/** The session is gone (or never was): the API answered 401. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The HTTP status of an API failure, or null for other errors (network, parsing). */
export function getErrorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/**
 * The readable message of an API failure, else null (the screen then uses its own words): every
 * screen and toast turns a failure into words here. In English, the server's own sentence; in
 * another language, the client's sentence for the error's code and parameters
 * (lib/error-messages.ts), or the server's English for a code the client does not know.
 */
export function getErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.hasServerMessage) return null;
  return localisedErrorMessage(error) ?? error.message;
}

/** The `code` of an API failure, or null. */
export function getErrorCode(error: unknown): ErrorCode | null {
  return (error instanceof ApiError && error.code) || null;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The query options of a plain GET: the key is the address in parts (encode the values), the
 * answer is `T`, and any failure, 401 included, is thrown to the screen.
 */
export function apiQuery<T>(...queryKey: string[]) {
  return queryOptions({ queryKey, queryFn: getQueryFn<T>({ on401: 'throw' }) });
}

/** A query function that GETs the query key parts joined by '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const response = await apiFetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

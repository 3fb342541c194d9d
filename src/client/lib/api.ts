import { toast } from '@client/components/ui/use-toast';
import type { QueryFunction } from '@tanstack/react-query';

/**
 * The one way the client talks to the API (docs/product.md sections 7 and 8): cookies always, JSON only
 * when there is a body, and any non-OK response becomes an Error `${status}: ${body or statusText}`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const RATE_LIMITED_TITLE = 'A short pause, please';
const RATE_LIMITED_FALLBACK = 'You have done this many times in a short while. Please try again in a minute.';

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  const error = new Error(`${response.status}: ${bodyText || response.statusText}`);
  // A write limit (429) is told the same way wherever it happens, even for writes that are
  // otherwise quiet (progress saves). It is shown after the screen's own error handling has run:
  // one toast is on screen at a time, and a screen's generic "Failed to ..." must not hide it.
  if (response.status === 429) {
    const description = getErrorMessage(error) ?? RATE_LIMITED_FALLBACK;
    setTimeout(() => toast({ title: RATE_LIMITED_TITLE, description }), 0);
  }
  throw error;
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

export function isUnauthorizedError(error: unknown): boolean {
  return (
    error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized')
  );
}

/** The HTTP status an `apiRequest` error carries, or null for other errors (network, parsing). */
export function getErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/**
 * The readable message inside an API error: the `message` of a JSON error body
 * (ARCHITECTURE.md: `{ message, code? }`), else the plain body text, else null.
 */
export function getErrorMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  const body = (match[1] ?? '').trim();
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || null;
    }
    return null;
  } catch {
    // An HTML error page from a proxy is not a message for people.
    return body.startsWith('<') ? null : body;
  }
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function that GETs the query key parts joined by '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

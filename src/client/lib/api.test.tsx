import { Toaster } from '@client/components/ui/toaster';
import { toast } from '@client/components/ui/use-toast';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  GENERIC_ERROR_MESSAGE,
  getErrorCode,
  getErrorMessage,
  getErrorStatus,
  getQueryFn,
  isUnauthorizedError,
  RATE_LIMITED_TITLE,
  readApiError,
  setRateLimitNotice,
} from './api';
import { activateLocale, i18n } from './i18n';

// As the app's providers do (src/client/app/providers.tsx).
beforeAll(() => setRateLimitNotice(toast));

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubResponse(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON with cookies when there is a body', async () => {
    const fetchMock = stubResponse(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/forums', { title: 'Calm' });
    expect(fetchMock).toHaveBeenCalledWith('/api/forums', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":"Calm"}',
      credentials: 'include',
    });
  });

  it('sends no body and no content type without a body', async () => {
    const fetchMock = stubResponse(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/forums/1');
    expect(fetchMock).toHaveBeenCalledWith('/api/forums/1', {
      method: 'DELETE',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('shows a limited write (429) as a toast with the server message, and still rejects', async () => {
    render(<Toaster />);
    const message = 'You have done this many times in a short while. Please try again in 42 seconds.';
    stubResponse(
      new Response(JSON.stringify({ message, code: 'RATE_LIMITED' }), {
        status: 429,
        headers: { 'retry-after': '42' },
      }),
    );
    await act(async () => {
      await expect(apiRequest('POST', '/api/posts/1/like')).rejects.toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
        retryAfterSeconds: 42,
      });
    });
    expect(await screen.findByText(RATE_LIMITED_TITLE)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("keeps the limit's words on screen when the screen shows its own failure toast", async () => {
    render(<Toaster />);
    const message = 'You have done this many times in a short while. Please try again in 30 seconds.';
    stubResponse(new Response(JSON.stringify({ message, code: 'RATE_LIMITED' }), { status: 429 }));
    await act(async () => {
      await apiRequest('POST', '/api/user/favorites/1').catch(() =>
        toast({ title: 'Error', description: 'Failed to update favorite', variant: 'destructive' }),
      );
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Failed to update favorite')).not.toBeInTheDocument();
  });

  it("turns a non-OK response into an ApiError with the body's message and code", async () => {
    stubResponse(new Response('{"message":"Forum not found","code":"NOT_FOUND"}', { status: 404 }));
    const error = await apiRequest('GET', '/api/forums/x').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Forum not found' });
  });

  it('gives a generic message when the body is empty', async () => {
    stubResponse(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/health')).rejects.toMatchObject({
      status: 503,
      message: GENERIC_ERROR_MESSAGE,
      hasServerMessage: false,
    });
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: string[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as Parameters<
      ReturnType<typeof getQueryFn>
    >[0];

  it('GETs the query key parts joined by "/" with cookies', async () => {
    const fetchMock = stubResponse(new Response('[1]', { status: 200 }));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/forums', 'calm', 'posts']));
    expect(result).toEqual([1]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/forums/calm/posts');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('yields null on 401 when asked to', async () => {
    stubResponse(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
  });

  it('throws on 401 otherwise', async () => {
    stubResponse(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
  });
});

describe('readApiError', () => {
  const read = (body: BodyInit | null, init: ResponseInit) => readApiError(new Response(body, init));

  it('reads a JSON body once through the shared schema, with its extra fields', async () => {
    const until = '2030-01-01T00:00:00.000Z';
    const body = JSON.stringify({ message: 'You are muted.', code: 'MUTED', mutedUntil: until });
    const error = await read(body, { status: 403 });
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 403,
      code: 'MUTED',
      message: 'You are muted.',
      details: { mutedUntil: until },
      hasServerMessage: true,
      retryAfterSeconds: null,
    });
  });

  it('never shows an HTML page from a proxy', async () => {
    const error = await read('<html><body>502 Bad Gateway</body></html>', { status: 502 });
    expect(error).toMatchObject({ status: 502, code: undefined, message: GENERIC_ERROR_MESSAGE });
    expect(getErrorMessage(error)).toBeNull();
  });

  it('gives the generic message for an empty body', async () => {
    const error = await read('', { status: 500 });
    expect(error).toMatchObject({ status: 500, message: GENERIC_ERROR_MESSAGE, hasServerMessage: false });
  });

  it('gives the generic message for JSON that is not an error body', async () => {
    const error = await read('{"code":"X"}', { status: 500 });
    expect(error).toMatchObject({ status: 500, code: undefined, message: GENERIC_ERROR_MESSAGE });
  });

  it('keeps the message of a code it does not know yet, without the code', async () => {
    const error = await read('{"message":"A newer rule","code":"SOMETHING_NEW"}', { status: 400 });
    expect(error).toMatchObject({ status: 400, code: undefined, message: 'A newer rule' });
  });

  it('keeps a short plain-text reason', async () => {
    expect(await read('plain text reason', { status: 400 })).toMatchObject({ message: 'plain text reason' });
  });

  it('reads Retry-After on a 429', async () => {
    const error = await read(JSON.stringify({ message: 'Slow down, please.', code: 'RATE_LIMITED' }), {
      status: 429,
      headers: { 'retry-after': '42' },
    });
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 42 });
  });
});

describe('error helpers', () => {
  const apiError = (status: number, message?: string, code?: 'USER_ALREADY_EXISTS') =>
    new ApiError({ status, message, code });

  it.each([
    [apiError(401, 'Unauthorized'), true],
    [apiError(401), true],
    [apiError(403, 'Unauthorized'), false],
    [new Error('401: Unauthorized'), false],
  ])('isUnauthorizedError(%s) is %s', (error, expected) => {
    expect(isUnauthorizedError(error)).toBe(expected);
  });

  it.each([
    [apiError(422, 'User already exists', 'USER_ALREADY_EXISTS'), 'User already exists'],
    [apiError(502), null],
    [new TypeError('Failed to fetch'), null],
    [new Error('400: plain text reason'), null],
  ])('getErrorMessage(%s) is %s', (error, expected) => {
    expect(getErrorMessage(error)).toBe(expected);
  });

  it('reads the status and the code', () => {
    expect(getErrorStatus(apiError(429))).toBe(429);
    expect(getErrorStatus(new TypeError('Failed to fetch'))).toBeNull();
    expect(getErrorCode(apiError(409, 'Taken', 'USER_ALREADY_EXISTS'))).toBe('USER_ALREADY_EXISTS');
    expect(getErrorCode(apiError(500))).toBeNull();
  });
});

describe('errors in the member’s language', () => {
  // The server keeps writing English; in German the client writes its own sentence for a code
  // it knows (lib/error-messages.ts), from the error body's parameters.
  beforeEach(async () => {
    await activateLocale('de', ['common', 'errors']);
    expect(i18n._('errors.rateLimited.title')).toBe('Eine kurze Pause, bitte');
  });
  afterEach(async () => {
    await activateLocale('en');
  });

  it('shows a German toast for a limited write, with the seconds from the body', async () => {
    render(<Toaster />);
    stubResponse(
      new Response(
        JSON.stringify({
          message: 'You have done this many times in a short while. Please try again in 42 seconds.',
          code: 'RATE_LIMITED',
          retryAfterSeconds: 42,
        }),
        { status: 429, headers: { 'retry-after': '42' } },
      ),
    );
    await act(async () => {
      await apiRequest('POST', '/api/posts/1/like').catch(() => undefined);
    });
    expect(await screen.findByText('Eine kurze Pause, bitte', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Du hast das in kurzer Zeit sehr oft getan. Bitte versuche es in 42 Sekunden noch einmal.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/many times/)).not.toBeInTheDocument();
  });

  it('says each validation problem in German from the body’s issues', async () => {
    stubResponse(
      new Response(
        JSON.stringify({
          message: 'title: Too small: expected string to have >=3 characters; tags: Too big',
          code: 'VALIDATION_ERROR',
          issues: [
            { field: 'title', code: 'too_small', origin: 'string', minimum: 3 },
            { field: 'tags', code: 'too_big', origin: 'array', maximum: 1 },
            { field: 'email', code: 'invalid_format' },
            { field: 'answers.2.note', code: 'too_big', origin: 'string', maximum: 500 },
            { field: 'cadence', code: 'invalid_value' },
          ],
        }),
        { status: 400 },
      ),
    );
    const error = await apiRequest('POST', '/api/posts', {}).catch((failure: unknown) => failure);
    // Each field by the name its form shows; a field no form names keeps its API name.
    expect(getErrorMessage(error)).toBe(
      'Titel: mindestens 3 Zeichen. Schlagwörter: höchstens 1 Eintrag. E-Mail: nicht im erwarteten Format. Notiz: höchstens 500 Zeichen. cadence: keine der erlaubten Möglichkeiten.',
    );
    // The server's English stays on the error itself.
    expect((error as ApiError).message).toMatch(/^title: Too small/);
  });

  it('keeps the server’s words for a code the client does not know, and for better-auth’s', async () => {
    const error = await readApiError(
      new Response(JSON.stringify({ message: 'User already exists', code: 'USER_ALREADY_EXISTS' }), {
        status: 422,
      }),
    );
    expect(getErrorMessage(error)).toBe('User already exists');
    const unknown = await readApiError(
      new Response(JSON.stringify({ message: 'A newer rule', code: 'SOMETHING_NEW' }), { status: 400 }),
    );
    expect(getErrorMessage(unknown)).toBe('A newer rule');
  });

  it('in English, the server’s own sentence, exactly', async () => {
    await activateLocale('en');
    const error = await readApiError(
      new Response(JSON.stringify({ message: 'Forum not found', code: 'NOT_FOUND' }), { status: 404 }),
    );
    expect(getErrorMessage(error)).toBe('Forum not found');
  });
});

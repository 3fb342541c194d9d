import { Toaster } from '@client/components/ui/toaster';
import { toast } from '@client/components/ui/use-toast';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  getErrorMessage,
  getErrorStatus,
  getQueryFn,
  isUnauthorizedError,
  RATE_LIMITED_TITLE,
} from './api';

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
      await expect(apiRequest('POST', '/api/posts/1/like')).rejects.toThrow(/^429: /);
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

  it('turns a non-OK response into "status: body"', async () => {
    stubResponse(new Response('{"message":"Forum not found"}', { status: 404 }));
    await expect(apiRequest('GET', '/api/forums/x')).rejects.toThrow('404: {"message":"Forum not found"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    stubResponse(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
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
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });
});

describe('error helpers', () => {
  it.each([
    ['401: {"message":"Unauthorized"}', true],
    ['401: Unauthorized', true],
    ['401: {"message":"Session expired"}', false],
    ['403: Unauthorized', false],
  ])('isUnauthorizedError(%s) is %s', (message, expected) => {
    expect(isUnauthorizedError(new Error(message))).toBe(expected);
  });

  it.each([
    ['422: {"message":"User already exists","code":"USER_ALREADY_EXISTS"}', 'User already exists'],
    ['400: plain text reason', 'plain text reason'],
    ['502: <html>Bad gateway</html>', null],
    ['500: {"code":"X"}', null],
    ['Failed to fetch', null],
  ])('getErrorMessage(%s) is %s', (message, expected) => {
    expect(getErrorMessage(new Error(message))).toBe(expected);
  });

  it('reads the status', () => {
    expect(getErrorStatus(new Error('429: slow down'))).toBe(429);
    expect(getErrorStatus(new TypeError('Failed to fetch'))).toBeNull();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { htmlWithLocale, type Locale } from '@shared/locales.ts';
import { serverRenderedPage, stateScript } from '@shared/server-rendered-page.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the build's page renderer exports (src/client/prerender.tsx). */
type Renderer = {
  renderPage: (
    url: string,
    transport: typeof fetch,
    locale: Locale,
  ) => Promise<{ html: string; state: unknown; account: string; title: string | null } | null>;
};

/** Longer than a first screen's reads take on a busy machine; a slower page is left to the browser. */
const RENDER_TIMEOUT_MS = 1500;
/**
 * One read's limit. The renderer does one page at a time, so a read that never answered would hold
 * every later page: past this, the read counts as failed and the page is rendered without it.
 */
const READ_TIMEOUT_MS = 1000;

/** `promise`, or null once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A member's first screen with its data, rendered on the server by the client's own components
 * (docs/decisions/058): the page paints before the JavaScript, and the browser hydrates it with the
 * same data instead of asking again. Every read goes through `app.inject` with the member's own
 * cookie and address, so it passes the same routes, access rules, premium gating and rate limits
 * as the browser's own requests. Only GETs under /api/ are allowed.
 *
 * Returns a function that fills index.html for a request's address, or resolves null (the caller then sends the
 * page the browser fills in itself): no renderer in this build, a read failed, or it took too long.
 */
export function memberPageRenderer(app: FastifyInstance, clientDir: string) {
  const file = path.join(clientDir, '..', 'render', 'prerender.mjs');
  if (!fs.existsSync(file)) return undefined;
  let loaded: Promise<Renderer | null> | undefined;
  let isLoading = false;
  const renderer = () => {
    if (!loaded) {
      isLoading = true;
      loaded = (import(pathToFileURL(file).href) as Promise<Renderer>)
        .catch((error: unknown) => {
          app.log.warn(
            { err: error },
            'the member page renderer could not load; pages are rendered in the browser',
          );
          return null;
        })
        .finally(() => {
          isLoading = false;
        });
    }
    return loaded;
  };
  // Loaded once the server listens (it takes from a few hundred milliseconds to a few seconds on a
  // busy machine); never before, so it does not delay the start. Until it is ready a member gets the
  // page the browser fills in, at once, instead of waiting for it.
  app.addHook('onListen', async () => {
    void renderer();
  });

  return async (request: FastifyRequest, indexHtml: string, locale: Locale): Promise<string | null> => {
    if (isLoading && app.server.listening) return null;
    const render = await renderer();
    if (!render) return null;
    const transport = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = String(input);
      if ((init?.method ?? 'GET') !== 'GET' || !url.startsWith('/api/')) {
        throw new Error(`The page renderer only reads the API (asked for ${init?.method ?? 'GET'} ${url})`);
      }
      const answer = await within(
        app.inject({
          method: 'GET',
          url,
          remoteAddress: request.ip,
          headers: {
            cookie: request.headers.cookie ?? '',
            ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
          },
        }),
        READ_TIMEOUT_MS,
      );
      if (!answer) throw new Error(`The page renderer's read of ${url} took too long`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
      }
      const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
      return new Response(hasBody ? answer.payload : null, { status: answer.statusCode, headers });
    };
    try {
      // The whole address: a screen draws from its query string too (the library's search).
      const page = await within(render.renderPage(request.url, transport, locale), RENDER_TIMEOUT_MS);
      if (!page) return null;
      // The answers the page was rendered from, for the browser's query cache. The page is whole
      // without the app, which runs at the member's first move (docs/decisions/104), or at once
      // when the device holds another account's data than the page's.
      return serverRenderedPage(htmlWithLocale(indexHtml, locale), page.html, {
        after: stateScript(page.state),
        startsOnIntent: true,
        account: page.account,
        title: page.title ?? undefined,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'a member page could not be rendered on the server');
      return null;
    }
  };
}

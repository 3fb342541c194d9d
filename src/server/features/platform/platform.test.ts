import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { setUpTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../../tests/setup/test-app.ts';
import { buildApp } from '../../app.ts';

/** An app of its own whose log lines land in `lines`. */
const appLoggingTo = (lines: string[], logLevel: TestApp['config']['logLevel']) =>
  buildApp({
    config: { ...t.config, logLevel },
    databaseUrl: t.databaseUrl,
    authSecret: 'test-secret-test-secret-test-secret-123',
    logStream: { write: (line) => lines.push(line) },
  });

const t = setUpTestApp();

describe('platform baseline', () => {
  it('GET /api/health answers ok when the database does', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health answers 503 when the database is gone', async () => {
    const app = await buildApp({
      config: t.config,
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none',
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });

  it('over real HTTP, a repeated healthy answer is the same bytes and headers; draining answers 503', async () => {
    const app = await buildApp({
      config: t.config,
      databaseUrl: t.databaseUrl,
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const first = await fetch(`${address}/api/health`);
      const second = await fetch(`${address}/api/health`);
      expect(await first.text()).toBe('{"status":"ok"}');
      expect(await second.text()).toBe('{"status":"ok"}');
      for (const name of [
        'content-type',
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'cache-control',
        'content-length',
      ]) {
        expect(second.headers.get(name), name).toBe(first.headers.get(name));
      }
      app.startDraining();
      const draining = await fetch(`${address}/api/health`);
      expect(draining.status).toBe(503);
      expect(draining.headers.get('connection')).toBe('close');
    } finally {
      await app.close();
    }
  });

  it('unknown /api paths are JSON 404s, never the client page', async () => {
    for (const url of ['/api/nothing-here', '/api/videos/123/else', '/api']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().message).toMatch(/not found/);
    }
  });

  it('sends strict security headers with a CSP that allows no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refuses a JSON body over 1 MB with 413 and a readable message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The request body is too large (the limit is 1 MB).',
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not valid JSON/);
  });

  it('refuses a cookie-bearing write from a foreign or missing Origin', async () => {
    const { cookie } = await signUp(t.app);
    for (const headers of [{ cookie, origin: 'https://evil.example' }, { cookie }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers,
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('hides the details of a server error and logs them instead', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, 'error');
    app.get('/api/test-explode', async () => {
      throw new Error('select * from users where password_hash = secret failed');
    });
    const response = await app.inject({ method: 'GET', url: '/api/test-explode' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toMatch(/select|password|at /);
    expect(lines.join('')).toContain('password_hash = secret failed');
  });

  it('builds a request logger only for a line that is written, with the request id on it', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, 'warn');
    app.get('/api/test-quiet', async (request) => {
      request.log.info('below the level');
      return { ok: true };
    });
    app.get('/api/test-careful', async (request) => {
      request.log.warn('a careful line');
      return { ok: true };
    });
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ method: 'GET', url: '/api/test-quiet' });
    expect(child).not.toHaveBeenCalled();
    await app.inject({ method: 'GET', url: '/api/test-careful' });
    await app.close();
    expect(child).toHaveBeenCalledTimes(1);
    const log = lines.join('');
    expect(log).not.toContain('below the level');
    expect(JSON.parse(lines.find((line) => line.includes('a careful line'))!)).toMatchObject({
      level: 40,
      reqId: expect.any(String),
    });
  });

  it("writes better-auth's own messages as the app's JSON log lines, never its coloured console", async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, 'warn');
    const email = `auth-log-${Date.now()}@example.test`;
    await signUp(app, { email });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: 'not-the-password-at-all' },
    });
    await app.close();
    expect(wrong.statusCode).toBe(401);
    const line = lines.find((entry) => entry.includes('Invalid password'));
    expect(line, lines.join('')).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, source: 'better-auth', msg: 'Invalid password' });
    expect(lines.join('')).not.toContain('\u001b[');
    expect(lines.join('')).not.toContain('not-the-password-at-all');
  });

  it('keeps cookies, passwords and reset tokens out of the request log', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, 'info');
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, cookie: 'stillpoint.session_token=very-secret-cookie' },
      payload: { email: 'someone@example.test', password: 'my-secret-password' },
    });
    await app.inject({ method: 'GET', url: '/api/auth/reset-password/secret-reset-token?callbackURL=%2F' });
    await app.inject({ method: 'GET', url: '/reset-password?token=another-secret-token' });
    await app.close();
    const log = lines.join('');
    // One line per request: the completed one, with its status and time.
    expect(log).not.toContain('incoming request');
    expect(log.match(/"msg":"request completed"/g)).toHaveLength(3);
    for (const secret of [
      'very-secret-cookie',
      'my-secret-password',
      'secret-reset-token',
      'another-secret-token',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('masks the signatures of signed media, upload and presigned links in the request log', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines, 'info');
    const id = '0b7c7a52-3c59-4b8e-9a55-3f1f0e6a9d21';
    for (const [method, url] of [
      ['GET', '/media/media/x.mp4?expires=1999999999&signature=secret-media-signature'],
      ['PUT', `/objects/uploads/${id}?expires=1999999999&signature=secret-upload-signature`],
      ['GET', `/api/digest/unsubscribe?member=${id}&token=secret-unsubscribe-token`],
      [
        'GET',
        '/media/y.mp3?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIASECRETKEYID%2F20261127' +
          '&X-Amz-Security-Token=secret-session-token&X-Amz-Signature=secret-amz-signature&x-id=GetObject',
      ],
      ['GET', '/media/z.mp3?sig=secret-short-sig&Expires=1999999999'],
    ] as const) {
      await app.inject({ method, url, payload: method === 'PUT' ? 'x' : undefined });
    }
    await app.close();
    const log = lines.join('');
    expect(log.match(/"msg":"request completed"/g)).toHaveLength(5);
    for (const secret of [
      'secret-media-signature',
      'secret-upload-signature',
      'secret-unsubscribe-token',
      'AKIASECRETKEYID',
      'secret-session-token',
      'secret-amz-signature',
      'secret-short-sig',
    ]) {
      expect(log).not.toContain(secret);
    }
    // What is not secret stays readable: the path, when the link expires, the operation.
    expect(log).toContain('/media/media/x.mp4?expires=1999999999&signature=[redacted]');
    expect(log).toContain('X-Amz-Signature=[redacted]&x-id=GetObject');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/user', '/api/announcements']),
    );
    expect(doc.paths['/api/auth/user'].get.responses['200']).toBeDefined();
    // The error body is the shared one, and it names the codes a client can act on.
    const unauthorized = JSON.stringify(doc.paths['/api/auth/user'].get.responses['401']);
    expect(unauthorized).toContain('"message"');
    expect(unauthorized).toContain('PREMIUM_REQUIRED');
    expect(unauthorized).toContain('mutedUntil');
  });

  it('serves the OpenAPI document to everyone, made once, compressed and revalidated by ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    for (const [accept, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip, deflate', zlib.gunzipSync],
    ] as const) {
      const compressed = await t.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': accept },
      });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(accept.split(',')[0]);
      // A fraction of the plain size, and the same document.
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(decode(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    // Made once: the same bytes and validator every time; a cache that has them gets a 304.
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.rawPayload.equals(plain.rawPayload)).toBe(true);
    const etag = String(plain.headers.etag);
    expect(again.headers.etag).toBe(etag);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('lists no announcements until there are some', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/announcements' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

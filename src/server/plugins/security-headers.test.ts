import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/test-app.ts';
import { securityHeaders } from './security.ts';

describe('security headers, worked out once', () => {
  it('are the headers helmet sets for the options, computed without a request', () => {
    const headers = new Map(securityHeaders({}).map(([name, value]) => [name.toLowerCase(), value]));
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    // Helmet removes X-Powered-By rather than setting it.
    expect(headers.has('x-powered-by')).toBe(false);
    const withoutCsp = new Map(securityHeaders({ contentSecurityPolicy: false }));
    expect([...withoutCsp.keys()].some((name) => name.toLowerCase() === 'content-security-policy')).toBe(
      false,
    );
  });

  it('every answer carries the full set, the same on every request', async () => {
    const t = await createTestApp();
    try {
      const expected = [
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ];
      for (const url of ['/api/videos', '/api/nothing-here', '/api/auth/user']) {
        const response = await t.app.inject({ method: 'GET', url });
        for (const name of expected) expect(response.headers[name], `${url} ${name}`).toBeDefined();
        expect(response.headers['x-xss-protection']).toBe('0');
      }
      // The second request gets the same values (nothing is consumed by the first).
      const [a, b] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/videos' }),
        t.app.inject({ method: 'GET', url: '/api/videos' }),
      ]);
      expect(a.headers['content-security-policy']).toBe(b.headers['content-security-policy']);
    } finally {
      await t.close();
    }
  });
});

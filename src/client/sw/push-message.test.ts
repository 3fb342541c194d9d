import { describe, expect, it } from 'vitest';
import { readManifestBrand, readPushMessage } from './push-message';

describe('readPushMessage', () => {
  it('shows what the server sent', () => {
    expect(
      readPushMessage(
        JSON.stringify({ title: 'Stillpoint', body: 'Iris replied', link: '/community/posts/1' }),
      ),
    ).toEqual({
      title: 'Stillpoint',
      body: 'Iris replied',
      link: '/community/posts/1',
    });
  });

  it("falls back calmly on an empty or broken payload, titled with the site's name", () => {
    expect(readPushMessage(null, 'Quiet Harbour')).toEqual({
      title: 'Quiet Harbour',
      body: 'Something new is waiting for you.',
      link: '/',
    });
    expect(readPushMessage('not json', 'Quiet Harbour')).toMatchObject({ title: 'Quiet Harbour', link: '/' });
    expect(readPushMessage(JSON.stringify({ body: 'Iris replied' }), 'Quiet Harbour').title).toBe(
      'Quiet Harbour',
    );
  });

  it('never opens another site', () => {
    for (const link of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      expect(readPushMessage(JSON.stringify({ title: 't', body: 'b', link })).link).toBe('/');
    }
  });
});

describe('readManifestBrand', () => {
  it("takes the renamed site's name and its logo's first icon from the manifest", () => {
    expect(
      readManifestBrand({
        name: 'Quiet Harbour',
        icons: [{ src: '/objects/site-icons/abc/icon-192.png' }],
      }),
    ).toEqual({ name: 'Quiet Harbour', icon: '/objects/site-icons/abc/icon-192.png' });
  });

  it("reads the build's relative icons from the root, never another origin's, and no name for an unreadable manifest", () => {
    expect(readManifestBrand({ name: 'Quiet Harbour', icons: [{ src: 'pwa-192x192.png' }] }).icon).toBe(
      '/pwa-192x192.png',
    );
    expect(readManifestBrand({ icons: [{ src: '//evil.example/x.png' }] }).icon).toBe('/favicon.svg');
    expect(readManifestBrand({ icons: [{ src: 'https://evil.example/x.png' }] }).icon).toBe('/favicon.svg');
    expect(readManifestBrand(null)).toEqual({ name: '', icon: '/favicon.svg' });
  });
});

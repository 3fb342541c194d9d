import fs from 'node:fs';
import path from 'node:path';
import { screenModulesFor } from '@shared/preloads.ts';

/** One entry of Vite's build manifest (`build.manifest` in vite.config.ts). */
type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file and those of everything it imports statically, imports first (depth-first). */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.imports ?? []).flatMap((child) => chunkFiles(manifest, child, seen)), chunk.file];
}

/**
 * `<link rel="modulepreload">` tags for the screen a member's path shows (`screenModulesFor`): its
 * chunks and the chunks they import, less those index.html already loads. Without them the browser
 * learns of the screen's code only once the main bundle has run and the member is known, one more
 * round trip before anything of the screen can paint (docs/decisions/044). Read once from the
 * build's manifest; without a manifest (an older build, the tests' stand-in client) there are none.
 */
export function screenPreloads(clientDir: string): (pathname: string) => string {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const inShell = new Set(chunkFiles(manifest, 'index.html'));
  const links = new Map<string, string>();
  return (pathname) => {
    const keys = screenModulesFor(pathname);
    if (keys.length === 0) return '';
    const cacheKey = keys.join(' ');
    let tags = links.get(cacheKey);
    if (tags === undefined) {
      const seen = new Set<string>();
      tags = keys
        .flatMap((key) => chunkFiles(manifest, key, seen))
        .filter((chunk) => !inShell.has(chunk))
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}" />`)
        .join('');
      links.set(cacheKey, tags);
    }
    return tags;
  };
}

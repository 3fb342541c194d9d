import { readFileSync } from 'node:fs';

/**
 * This release's version, from package.json (semver; `npm run admin -- version` prints it, the
 * admin Settings screen shows it). The same relative path holds from src/server/lib and from the
 * compiled dist/server/lib.
 */
export const APP_VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

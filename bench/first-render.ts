import { buildLibrary } from './dataset.ts';
import { startAppServer, startBenchDatabase } from './lib.ts';

/**
 * The first member pages after a start: how long each takes and whether the server rendered it
 * (decision 058: a page not ready in 1.5 s goes out as the loading page). Run after `npm run build`:
 *   node --import tsx bench/first-render.ts
 */
const database = await startBenchDatabase();
await buildLibrary(database.query, 300);
const app = await startAppServer(database.databaseUrl, database.dir);
try {
  const origin = app.url.replace('127.0.0.1', 'localhost');
  const account = { email: 'first-render@bench.test', password: 'bench-password-1234' };
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ ...account, name: 'Bench', firstName: 'Bench', lastName: 'User' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(account),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  for (const page of ['/library', '/library', '/library', '/library?search=breath']) {
    const started = performance.now();
    const response = await fetch(`${app.url}${page}`, { headers: { cookie } });
    const html = await response.text();
    const ms = Math.round(performance.now() - started);
    console.info(
      `${page}: ${response.status} in ${ms} ms, ${html.includes('data-server-rendered') ? 'server-rendered' : 'loading page'}`,
    );
  }
} finally {
  await app.stop();
  await database.stop();
}

import { isLocale, localeCookie } from '../src/shared/locales.ts';
import { buildLibrary } from './dataset.ts';
import { startAppServer, startBenchDatabase } from './lib.ts';
import { type LighthouseDetail, lighthouseDetail } from './lighthouse.ts';

/**
 * One Lighthouse mobile run per page, with the reasons behind the score (issue 19): the metrics,
 * the LCP element and the heaviest opportunities and diagnostics. Builds nothing: run
 * `npm run build` first. Starts the production server on a small throwaway database (300 items)
 * with a signed-up member, like the full benchmark but in about a minute.
 *
 *   nice -n 10 node --import tsx bench/lighthouse-one.ts [page…]
 *
 * Pages: `/`, `/library`, `/video` (a free item), any other path (signed in); default the three
 * the benchmark measures. LH_RUNS=n runs each page n times (default 1). LH_LANGUAGE=de (or any
 * shipped language) measures the pages in that language: the member chooses it on their account
 * and the visitor's device carries the language cookie, as after choosing it on the landing page.
 */

const language = process.env.LH_LANGUAGE;
if (language !== undefined && !isLocale(language))
  throw new Error(`LH_LANGUAGE=${language} is not a shipped language`);

const database = await startBenchDatabase();
await buildLibrary(database.query, 300);
const app = await startAppServer(database.databaseUrl, database.dir);
try {
  const origin = app.url.replace('127.0.0.1', 'localhost');
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      email: 'lighthouse@bench.test',
      password: 'bench-password-1234',
      name: 'Bench',
      firstName: 'Bench',
      lastName: 'User',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // Sign-up opens no session (issue 32): sign in as the form does.
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'lighthouse@bench.test', password: 'bench-password-1234' }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const sessionCookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const languageCookie = language ? `${localeCookie}=${language}` : undefined;
  if (language) {
    const chosen = await fetch(`${app.url}/api/user/locale`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin, cookie: sessionCookie },
      body: JSON.stringify({ locale: language }),
    });
    if (!chosen.ok) throw new Error(`choosing ${language} failed: ${chosen.status} ${await chosen.text()}`);
  }
  const cookie = [sessionCookie, languageCookie].filter(Boolean).join('; ');
  const { rows } = await database.query(
    'select id from content_items where is_published and not is_premium order by created_at desc limit 1',
  );
  const itemId = (rows[0] as { id: string }).id;

  const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/library', '/video'];
  const runs = Number(process.env.LH_RUNS ?? 1);
  for (const page of pages) {
    const pathname = page === '/video' ? `/video/${itemId}` : page;
    // The landing page is measured as a visitor sees it; every other page as a member.
    const pageCookie = page === '/' ? languageCookie : cookie;
    for (let run = 0; run < runs; run += 1) {
      printDetail(
        language ? `${page} (${language})` : page,
        await lighthouseDetail(`${app.url}${pathname}`, pageCookie),
      );
    }
  }
} finally {
  await app.stop();
  await database.stop();
}

function printDetail(page: string, detail: LighthouseDetail) {
  const m = detail.metrics;
  console.info(
    `\n${page}: score ${detail.score}  FCP ${m.fcp} ms  LCP ${m.lcp} ms  TBT ${m.tbt} ms  SI ${m.si} ms  CLS ${m.cls}`,
  );
  console.info(`  LCP element: ${detail.lcpElement ?? '–'}`);
  if (detail.lcpPhases) console.info(`  LCP phases: ${detail.lcpPhases}`);
  for (const line of detail.findings) console.info(`  ${line}`);
}

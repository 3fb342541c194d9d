import { PRODUCT_NAME } from '@shared/site-brand.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { unsubscribeFromDigest } from './digest.service.ts';
import type { UnsubscribeSigner } from './unsubscribe-token.ts';

const Query = z.object({
  member: z.uuid('member must be a member id'),
  token: z.string().max(200, 'token is too long'),
});
const doc = routeDocs('digest');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The product's calm palette (docs/product.md, "Look and feel": sand, ink and sage); the page stands alone, without the app.
const STYLE =
  'body{margin:0;background:#faf7f2;color:#1f2a2e;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif}' +
  'main{max-width:32rem;margin:12vh auto;padding:2rem 1.5rem}h1{font-family:Georgia,serif;font-weight:500;font-size:1.75rem;line-height:1.25}' +
  'p{color:#46565b}a{color:#2f6f5e}button{font:inherit;padding:.7rem 1.4rem;border:0;border-radius:999px;background:#3e6b5e;color:#fff;cursor:pointer}' +
  'button:focus-visible,a:focus-visible{outline:2px solid #2f6f5e;outline-offset:3px}';

/**
 * A small page of its own (no session, no client app): a heading, a sentence, maybe a button.
 * `siteName` is the admin's (features/site): the tab title and the links name the site.
 */
export function standalonePage(title: string, body: string, siteName = PRODUCT_NAME): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const invalidLink = (siteName: string) =>
  standalonePage(
    'This link does not work',
    '<p>This unsubscribe link is not complete or not valid. You can turn the weekly digest off in your settings at any time.</p><p><a href="/settings">Open settings</a></p>',
    siteName,
  );

/**
 * The weekly digest's unsubscribe link, which works without signing in: GET asks calmly (mail
 * scanners open links, so opening it changes nothing); POST unsubscribes, from that page's button
 * or from a mail client's one-click (RFC 8058: `List-Unsubscribe=One-Click`, form-encoded).
 */
export async function digestRoutes(
  app: FastifyInstance,
  options: { config: Config; signer: UnsubscribeSigner },
) {
  const { api, db } = featureRoutes(app);
  // One-click posts are form-encoded; their body says only "List-Unsubscribe=One-Click".
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  api.get(
    '/api/digest/unsubscribe',
    {
      ...doc('The unsubscribe confirmation page (changes nothing)', { querystring: Query }),
      config: {
        policy: {
          access: { credential: 'the signed unsubscribe link from the e-mail' },
          premium: { none: 'a confirmation page' },
        },
      },
    },
    async (request, reply) => {
      const { member, token } = request.query;
      const { name } = await app.site.get();
      reply.type('text/html; charset=utf-8');
      if (!options.signer.verify(member, token)) return reply.status(403).send(invalidLink(name));
      const action = `/api/digest/unsubscribe?member=${encodeURIComponent(member)}&token=${encodeURIComponent(token)}`;
      return standalonePage(
        'Unsubscribe from the weekly digest?',
        `<p>You will no longer receive the weekly digest e-mail. Everything else stays as it is, and you can turn it back on in your settings whenever you like.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form><p><a href="/">Keep it and go to ${escapeHtml(name)}</a></p>`,
        name,
      );
    },
  );

  api.post(
    '/api/digest/unsubscribe',
    {
      ...doc('Unsubscribe from the weekly digest (one-click; no sign-in)', {
        querystring: Query,
      }),
      config: {
        policy: {
          access: { credential: 'the signed unsubscribe link from the e-mail' },
          premium: { none: 'a confirmation page' },
          limit: 'profile',
        },
      },
    },
    async (request, reply) => {
      const { member, token } = request.query;
      const { name } = await app.site.get();
      reply.type('text/html; charset=utf-8');
      if (!options.signer.verify(member, token)) return reply.status(403).send(invalidLink(name));
      await unsubscribeFromDigest(db, member);
      return standalonePage(
        'You are unsubscribed',
        `<p>You will not receive the weekly digest any more. Take care, and come back whenever you like.</p><p><a href="/settings">Settings</a> · <a href="/">${escapeHtml(name)}</a></p>`,
        name,
      );
    },
  );
}

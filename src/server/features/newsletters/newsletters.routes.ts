import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  MemberNewsletterSchema,
  MemberNewsletterSummarySchema,
  NewsletterInputSchema,
  NewsletterPreviewInputSchema,
  NewsletterPreviewSchema,
  NewsletterSchema,
  NewsletterSendInputSchema,
} from '@shared/schemas/newsletters.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import { brandEmail, emailLookOf, type Mailer } from '../../lib/mailer.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { adminWriteRoutes } from '../../plugins/admin-writes.ts';
import { requireAdmin, requireMember } from '../../plugins/auth.ts';
import { standalonePage } from '../digest/index.ts';
import {
  createNewsletter,
  deleteNewsletter,
  getMemberNewsletter,
  getNewsletter,
  listMemberNewsletters,
  listNewsletters,
  type NewsletterSending,
  previewNewsletter,
  sendNewsletter,
  sendTestNewsletter,
  unsubscribeFromNewsletters,
  updateNewsletter,
} from './newsletters.service.ts';

const doc = routeDocs('newsletters');
const IdParams = z.object({ id: z.uuid('id must be a newsletter id') });
const UnsubscribeQuery = z.object({
  member: z.uuid('member must be a member id'),
  newsletter: z.uuid('newsletter must be a newsletter id').optional(),
  token: z.string().max(200, 'token is too long'),
});

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const invalidLink = (siteName: string) =>
  standalonePage(
    'This link does not work',
    '<p>This unsubscribe link is not complete or not valid. You can turn newsletters off in your settings at any time.</p><p><a href="/settings">Open settings</a></p>',
    siteName,
  );

/** The admin's newsletter screen, the members' reading list, and the one-click unsubscribe. */
export async function newslettersRoutes(
  app: FastifyInstance,
  options: { mailer: Mailer; sending: NewsletterSending },
) {
  const { api, db } = featureRoutes(app);
  const { mailer, sending } = options;
  // One-click posts are form-encoded; their body says only "List-Unsubscribe=One-Click".
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  api.get(
    '/api/admin/newsletters',
    {
      ...doc('Every newsletter with its figures, newest first (admin)', {
        response: { 200: z.array(NewsletterSchema), ...errorResponses(401, 403) },
      }),
      config: { policy: { access: 'admin', premium: { none: 'admin only; newsletters, no items' } } },
    },
    async (request) => {
      await requireAdmin(request);
      return listNewsletters(db);
    },
  );

  api.get(
    '/api/admin/newsletters/:id',
    {
      ...doc('One newsletter with its figures (admin)', {
        params: IdParams,
        response: { 200: NewsletterSchema, ...errorResponses(400, 401, 403, 404) },
      }),
      config: { policy: { access: 'admin', premium: { none: 'admin only; a newsletter, no items' } } },
    },
    async (request) => {
      await requireAdmin(request);
      return getNewsletter(db, request.params.id);
    },
  );

  adminWriteRoutes(api, doc, '/api/admin/newsletters', {
    name: 'a newsletter draft',
    idParams: IdParams,
    input: NewsletterInputSchema,
    output: NewsletterSchema,
    errors: errorResponses(400, 401, 403, 404, 409),
    create: (body, admin) => createNewsletter(db, admin.id, body),
    update: (id, body) => updateNewsletter(db, id, body),
    remove: (id) => deleteNewsletter(db, id),
    premium: { none: 'the newsletter written' },
  });

  api.post(
    '/api/admin/newsletters/preview',
    {
      ...doc('The e-mail a draft makes, as HTML and plain text (admin; changes nothing)', {
        body: NewsletterPreviewInputSchema,
        response: { 200: NewsletterPreviewSchema, ...errorResponses(400, 401, 403) },
      }),
      config: {
        policy: { access: 'admin', premium: { none: 'the e-mail of the text sent' }, limit: 'admin' },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const preview = await previewNewsletter(db, request.body, sending.publicUrl, admin.id);
      // Branded as the mailer brands the copies, so the admin sees the e-mail members will get.
      const site = await app.site.get();
      const { html, text } = brandEmail(
        { to: '', subject: '', ...preview },
        site.name,
        emailLookOf(site, sending.publicUrl),
      );
      return { html: html ?? preview.html, text };
    },
  );

  api.post(
    '/api/admin/newsletters/:id/test',
    {
      ...doc('Send a test copy to the signed-in admin', {
        params: IdParams,
        response: { 202: z.object({ to: z.string() }), ...errorResponses(400, 401, 403, 404) },
      }),
      config: {
        policy: { access: 'admin', premium: { none: 'the address the test went to' }, limit: 'admin' },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply
        .status(202)
        .send(await sendTestNewsletter({ db, mailer, sending }, request.params.id, admin));
    },
  );

  api.post(
    '/api/admin/newsletters/:id/send',
    {
      ...doc('Send a newsletter now, or at `scheduledFor` (admin)', {
        params: IdParams,
        body: NewsletterSendInputSchema,
        response: { 200: NewsletterSchema, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      config: { policy: { access: 'admin', premium: { none: 'the newsletter sent' }, limit: 'admin' } },
    },
    async (request) => {
      await requireAdmin(request);
      return sendNewsletter(db, request.params.id, { scheduledFor: request.body.scheduledFor });
    },
  );

  // Newsletters are the teacher's own text, not library items; a member reads only copies sent to
  // them (the audience, premium included, is chosen when sending: newsletters.test.ts).
  api.get(
    '/api/newsletters',
    {
      ...doc('The newsletters sent to the signed-in member, newest first', {
        response: { 200: z.array(MemberNewsletterSummarySchema), 401: ErrorBodySchema },
      }),
      config: {
        policy: {
          access: 'member',
          premium: { none: 'subjects of the newsletters sent to the member; no items' },
        },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return listMemberNewsletters(db, member.id);
    },
  );

  api.get(
    '/api/newsletters/:id',
    {
      ...doc('One newsletter sent to the signed-in member (404 for any other)', {
        params: IdParams,
        response: { 200: MemberNewsletterSchema, ...errorResponses(400, 401, 404) },
      }),
      config: {
        policy: { access: 'member', premium: { none: 'a newsletter sent to the member; no items' } },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return getMemberNewsletter(db, member.id, request.params.id);
    },
  );

  api.get(
    '/api/newsletters/unsubscribe',
    {
      ...doc('The newsletter unsubscribe confirmation page (changes nothing)', {
        querystring: UnsubscribeQuery,
      }),
      config: {
        policy: {
          access: { credential: 'the signed unsubscribe link from the e-mail' },
          premium: { none: 'a confirmation page' },
        },
      },
    },
    async (request, reply) => {
      const { member, newsletter, token } = request.query;
      const { name } = await app.site.get();
      reply.type('text/html; charset=utf-8');
      if (!sending.signer.verify(member, token)) return reply.status(403).send(invalidLink(name));
      const action = `/api/newsletters/unsubscribe?member=${encodeURIComponent(member)}${newsletter ? `&newsletter=${encodeURIComponent(newsletter)}` : ''}&token=${encodeURIComponent(token)}`;
      return standalonePage(
        'Unsubscribe from newsletters?',
        `<p>You will no longer receive the teacher's newsletters by e-mail. Everything else stays as it is, and you can turn them back on in your settings whenever you like.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form><p><a href="/">Keep them and go to ${escapeHtml(name)}</a></p>`,
        name,
      );
    },
  );

  api.post(
    '/api/newsletters/unsubscribe',
    {
      ...doc('Unsubscribe from newsletters (one-click; no sign-in)', { querystring: UnsubscribeQuery }),
      config: {
        policy: {
          access: { credential: 'the signed unsubscribe link from the e-mail' },
          premium: { none: 'a confirmation page' },
          limit: 'profile',
        },
      },
    },
    async (request, reply) => {
      const { member, newsletter, token } = request.query;
      const { name } = await app.site.get();
      reply.type('text/html; charset=utf-8');
      if (!sending.signer.verify(member, token)) return reply.status(403).send(invalidLink(name));
      await unsubscribeFromNewsletters(db, member, newsletter);
      return standalonePage(
        'You are unsubscribed',
        `<p>You will not receive newsletters by e-mail any more. Take care, and come back whenever you like.</p><p><a href="/settings">Settings</a> · <a href="/">${escapeHtml(name)}</a></p>`,
        name,
      );
    },
  );
}

import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  SiteHelpSchema,
  SitePageParamsSchema,
  SitePageSchema,
  SitePagesSchema,
  SitePagesUpdateSchema,
} from '@shared/schemas/site-pages.ts';
import type { FastifyInstance } from 'fastify';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { readSitePages, type SitePagesReader, updateSitePages } from './pages.service.ts';

const doc = routeDocs('site');

/** The privacy, terms, imprint and about pages, the help, and the admin's editing of them. */
export async function sitePagesRoutes(app: FastifyInstance, options: { pages: SitePagesReader }) {
  const { api, db } = featureRoutes(app);
  const { pages } = options;

  api.get(
    '/api/site/pages/:page',
    {
      ...doc('A page of the site (privacy, terms, imprint, about) as sanitised HTML (public)', {
        params: SitePageParamsSchema,
        response: { 200: SitePageSchema, 400: ErrorBodySchema },
      }),
      config: {
        policy: {
          access: 'public',
          premium: { none: 'a page the admin wrote for every visitor' },
          readsCache: pages.cache,
        },
      },
    },
    async (request) => (await pages.get()).pages[request.params.page],
  );

  api.get(
    '/api/site/help',
    {
      ...doc('Help: the FAQ as sanitised HTML, the contact address and the helplines (public)', {
        response: { 200: SiteHelpSchema },
      }),
      config: {
        policy: {
          access: 'public',
          premium: { none: 'the FAQ, contact address and helplines, for every visitor' },
          readsCache: pages.cache,
        },
      },
    },
    async () => (await pages.get()).help,
  );

  api.get(
    '/api/admin/site/pages',
    {
      ...doc("The pages' and help's Markdown as written, or the templates (admin)", {
        response: { 200: SitePagesSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      }),
      config: { policy: { access: 'admin', premium: { none: "the site's pages as the admin wrote them" } } },
    },
    async (request) => {
      await requireAdmin(request);
      return readSitePages(db, request.log);
    },
  );

  api.put(
    '/api/admin/site/pages',
    {
      ...doc(
        'Change the pages, FAQ, contact address or helplines (admin); fields left out keep their value',
        {
          body: SitePagesUpdateSchema,
          response: {
            200: SitePagesSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
          },
        },
      ),
      config: {
        policy: {
          access: 'admin',
          premium: { none: "the site's pages as the admin wrote them" },
          limit: 'admin',
          clears: [pages.cache],
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return updateSitePages(db, request.body, request.log);
    },
  );
}

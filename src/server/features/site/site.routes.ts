import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import { SiteSettingsSchema, SiteSettingsUpdateSchema } from '@shared/schemas/site.ts';
import type { FastifyInstance } from 'fastify';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { type SiteSettingsReader, updateSiteSettings } from './site.service.ts';

const doc = routeDocs('site');

export async function siteRoutes(app: FastifyInstance, options: { site: SiteSettingsReader }) {
  const { api, db } = featureRoutes(app);
  const { site } = options;

  api.get(
    '/api/site',
    {
      ...doc("The site's name, accent colour and landing texts (public)", {
        response: { 200: SiteSettingsSchema },
      }),
      // Read on every page load: answered from the instance's short cache (site.service.ts).
      config: { policy: { cache: site.cache } },
    },
    async () => site.get(),
  );

  api.put(
    '/api/admin/site',
    {
      ...doc("Change the site's settings (admin); fields left out keep their value", {
        body: SiteSettingsUpdateSchema,
        response: {
          200: SiteSettingsSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      }),
      config: { policy: { limit: 'admin', clears: [site.cache] } },
    },
    async (request) => {
      await requireAdmin(request);
      return updateSiteSettings(db, request.body, request.log);
    },
  );
}

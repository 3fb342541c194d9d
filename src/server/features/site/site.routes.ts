import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import { SiteSettingsSchema, SiteSettingsUpdateSchema } from '@shared/schemas/site.ts';
import type { FastifyInstance } from 'fastify';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { type SiteSettingsReader, updateSiteSettings } from './site.service.ts';
import { prepareSiteImages } from './site-images.service.ts';

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
      config: {
        policy: {
          access: 'public',
          premium: { none: "the site's name and landing texts" },
          readsCache: site.cache,
        },
      },
    },
    async () => site.get(),
  );

  api.put(
    '/api/admin/site',
    {
      ...doc(
        "Change the site's settings (admin); fields left out keep their value. `logo` and `teacherPhoto` name an image registered through PUT /api/uploaded-images (the app icons and favicon are made from the logo, at least 256 px square) or null for none",
        {
          body: SiteSettingsUpdateSchema,
          response: {
            200: SiteSettingsSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
          },
        },
      ),
      config: {
        policy: {
          access: 'admin',
          premium: { none: "the site's name and landing texts" },
          limit: 'admin',
          clears: [site.cache],
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      // The icons exist before the settings point at them, so no page ever links a missing icon.
      await prepareSiteImages({ db, storage: app.storage }, request.body);
      return updateSiteSettings(db, request.body, request.log);
    },
  );
}

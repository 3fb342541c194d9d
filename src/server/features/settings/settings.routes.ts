import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import { PracticeSettingsInputSchema, PracticeSettingsSchema } from '@shared/schemas/practice.ts';
import type { FastifyInstance } from 'fastify';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireMember } from '../../plugins/auth.ts';
import { getMemberSettings, updateMemberSettings } from './settings.service.ts';

const doc = routeDocs('settings');

/**
 * The member's preferences. The path keeps its first home under /api/practice: it is a published
 * contract (the client, the OpenAPI document, operators' scripts), so the owner moved, not the URL.
 */
export async function settingsRoutes(app: FastifyInstance) {
  const { api, db } = featureRoutes(app);

  api.get(
    '/api/practice/settings',
    {
      ...doc("The member's settings: how their days are counted, reminders, e-mails, theme and play next", {
        response: { 200: PracticeSettingsSchema, 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: { none: "the member's settings" } } },
    },
    async (request) => getMemberSettings(db, (await requireMember(request)).id),
  );

  api.put(
    '/api/practice/settings',
    {
      ...doc("Change any of the member's settings (only the fields sent)", {
        body: PracticeSettingsInputSchema,
        response: { 200: PracticeSettingsSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      }),
      config: { policy: { access: 'member', premium: { none: "the member's settings" }, limit: 'profile' } },
    },
    async (request) => updateMemberSettings(db, (await requireMember(request)).id, request.body),
  );
}

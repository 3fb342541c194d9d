import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  MemberImportInputSchema,
  MemberImportResultSchema,
  MemberLabelListSchema,
} from '@shared/schemas/members.ts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { syncStripeMember } from '../subscriptions/index.ts';
import { exportMembersCsv, listMemberLabels } from './members-export.service.ts';
import { importMembers } from './members-import.service.ts';

const doc = routeDocs('members');
const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * The import's body is the whole CSV as JSON: 50,000 Ghost members are about 8 MB. Only this route
 * takes more than the app's 1 MB (BODY_LIMIT_BYTES).
 */
export const IMPORT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** Members in and out, for admins (visitors 401, members 403 ADMIN_REQUIRED). */
export async function membersRoutes(app: FastifyInstance, options: { config: Config; mailer: Mailer }) {
  const { api, db } = featureRoutes(app);

  api.post(
    '/api/admin/members/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      config: { policy: { access: 'admin', premium: { none: 'an import report' }, limit: 'admin' } },
      ...doc('Import members from a Ghost, Substack or plain CSV (dryRun: check and preview only)', {
        body: MemberImportInputSchema,
        response: { 200: MemberImportResultSchema, ...errorResponses(400, 413), ...guarded },
      }),
    },
    async (request) => {
      await requireAdmin(request);
      const billing = app.billing;
      return importMembers(
        {
          db,
          mailer: options.mailer,
          publicUrl: options.config.publicUrl,
          mode: billing.mode,
          linkStripeMember: (userId) => syncStripeMember(billing, userId),
        },
        request.body,
      );
    },
  );

  api.get(
    '/api/admin/members/export',
    // The answer is text/csv, streamed (no JSON schema to serialise it with), like /api/user/export.
    {
      ...doc('Every member as CSV (Ghost-compatible columns first), streamed', {}),
      config: { policy: { access: 'admin', premium: { none: 'members as CSV, no content item' } } },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="stillpoint-members-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(exportMembersCsv(db));
    },
  );

  api.get(
    '/api/admin/members/labels',
    {
      ...doc('The labels members carry from the import, with how many carry each (at most 200)', {
        response: { 200: MemberLabelListSchema, ...guarded },
      }),
      config: { policy: { access: 'admin', premium: { none: 'labels and counts' } } },
    },
    async (request) => {
      await requireAdmin(request);
      return listMemberLabels(db);
    },
  );
}

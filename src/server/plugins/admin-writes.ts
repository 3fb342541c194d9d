import type { ErrorBodySchema } from '@shared/schemas/errors.ts';
import { z } from 'zod';
import type { featureRoutes, routeDocs } from '../lib/route-docs.ts';
import { requireAdmin } from './auth.ts';

type Admin = Awaited<ReturnType<typeof requireAdmin>>;

/**
 * The admin's writes of one kind of record, the same three routes wherever an admin manages a
 * list (content items, playlists, forums, announcements): `POST path` creates (201),
 * `PUT path/:id` replaces, `DELETE path/:id` removes (204), each for admins only (401, 403: the
 * edge refuses anyone else; the handlers still call `requireAdmin` for the typed admin).
 * The rules stay in the services the routes call; the documented summaries name the record.
 * Each is limited as an admin write; `clears` names the caches these writes make stale.
 */
export function adminWriteRoutes<Input extends z.ZodType, Output extends z.ZodType>(
  api: ReturnType<typeof featureRoutes>['api'],
  doc: ReturnType<typeof routeDocs>,
  path: string,
  record: {
    /** 'a forum', 'an announcement': the summaries' words. */
    name: string;
    idParams: z.ZodObject<{ id: z.ZodType<string> }>;
    input: Input;
    output: Output;
    errors: Partial<Record<number, typeof ErrorBodySchema>>;
    create: (body: z.infer<Input>, admin: Admin) => Promise<z.infer<Output>>;
    update: (id: string, body: z.infer<Input>, admin: Admin) => Promise<z.infer<Output>>;
    remove: (id: string) => Promise<unknown>;
    /** Response caches these writes make stale (the edge empties them after each one). */
    clears?: readonly { clear(): void }[];
    /**
     * What the create and update answers hold, as `policy.premium` (edge/policy.ts): `'items'`
     * when the record is or holds content items (teasers for viewers without premium access),
     * else `{ none: '<why>' }`. The delete answers 204 without a body.
     */
    premium: 'items' | { none: string };
  },
) {
  const { name, idParams: params, input: body, errors } = record;
  // The callers' services are checked against `Output`; the routes answer what they return.
  const output: z.ZodType = record.output;
  const policy = {
    access: 'admin',
    limit: 'admin',
    ...(record.clears ? { clears: record.clears } : {}),
  } as const;
  const config = { policy: { ...policy, premium: record.premium } };
  const deleteConfig = { policy: { ...policy, premium: { none: 'answers 204 without a body' } } };
  api.post(
    path,
    { ...doc(`Create ${name} (admin)`, { body, response: { 201: output, ...errors } }), config },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(await record.create(request.body as z.infer<Input>, admin));
    },
  );
  api.put(
    `${path}/:id`,
    { ...doc(`Update ${name} (admin)`, { params, body, response: { 200: output, ...errors } }), config },
    async (request) => {
      const admin = await requireAdmin(request);
      return record.update(request.params.id, request.body as z.infer<Input>, admin);
    },
  );
  api.delete(
    `${path}/:id`,
    {
      ...doc(`Delete ${name} (admin)`, { params, response: { 204: z.null(), ...errors } }),
      config: deleteConfig,
    },
    async (request, reply) => {
      await requireAdmin(request);
      await record.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}

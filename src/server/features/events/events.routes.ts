import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import {
  CalendarFeedInputSchema,
  CalendarFeedSchema,
  EventDetailsInputSchema,
  EventDetailsSchema,
  EventOccurrenceSchema,
  EventSchema,
  EventWindowQuerySchema,
  RsvpInputSchema,
  RsvpResultSchema,
} from '@shared/schemas/events.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { errorResponses, notFound } from '../../lib/errors.ts';
import { featureRoutes, routeDocs } from '../../lib/route-docs.ts';
import { toViewerAccess, VISITOR_ACCESS } from '../../lib/viewer.ts';
import { getViewerAccess, requireAdmin, requireMemberAccess } from '../../plugins/auth.ts';
import { writeEventsIcs } from './events.ics.ts';
import {
  createCalendarFeed,
  findCalendarFeed,
  getEvent,
  getEventDetails,
  getFeedOwnerAccess,
  listEventFileOccurrences,
  listFeedOccurrences,
  listOccurrences,
  revokeCalendarFeed,
  setEventDetails,
  setRsvp,
} from './events.service.ts';

const doc = routeDocs('events');

const IdParams = z.object({ id: z.uuid('id must be an event id') });
const TokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'token is not a calendar token'),
});
const errors = errorResponses(400, 401, 403, 404);
/** Calendar apps poll feeds; an hour between fetches is what they mostly ask for anyway. */
const FEED_TTL_SECONDS = 3600;

function sendIcs(reply: FastifyReply, body: string, filename?: string) {
  reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store');
  if (filename) reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(Buffer.from(body, 'utf8'));
}

export async function eventsRoutes(app: FastifyInstance, options: { config: Config }) {
  const { api, db } = featureRoutes(app);
  const { publicUrl } = options.config;

  api.get(
    '/api/events',
    {
      ...doc(
        'Occurrences of the published events between from and to (at most 92 days), in UTC with the zone',
        {
          querystring: EventWindowQuerySchema,
          response: { 200: z.array(EventOccurrenceSchema), 400: ErrorBodySchema },
        },
      ),
      config: { policy: { access: 'viewer', premium: { none: 'occurrences without descriptions' } } },
    },
    async (request) =>
      listOccurrences(db, await getViewerAccess(request), {
        from: new Date(request.query.from),
        to: new Date(request.query.to),
      }),
  );

  // Before '/api/events/:id' would match: find-my-way reads ':id.ics' as the id and a '.ics' suffix.
  api.get(
    '/api/events/:id.ics',
    {
      ...doc("An event's upcoming occurrences as an ICS file (never its join link)", {
        params: IdParams,
        response: { 200: z.any(), ...errors },
      }),
      config: {
        policy: { access: 'viewer', premium: { none: 'an ICS file: titles and the event page link' } },
      },
    },
    async (request, reply) => {
      const occurrences = await listEventFileOccurrences(
        db,
        request.params.id,
        await getViewerAccess(request),
      );
      return sendIcs(
        reply,
        writeEventsIcs(occurrences, {
          name: occurrences[0]?.title ?? `${(await app.site.get()).name} event`,
          publicUrl,
        }),
        'event.ics',
      );
    },
  );

  api.get(
    '/api/events/:id',
    {
      ...doc("An event's next occurrences, with counts and the viewer's RSVP", {
        params: IdParams,
        response: { 200: EventSchema, ...errors },
      }),
      config: {
        policy: { access: 'viewer', premium: { none: 'the next occurrences without a description' } },
      },
    },
    async (request) => getEvent(db, request.params.id, await getViewerAccess(request)),
  );

  api.post(
    '/api/events/:id/rsvp',
    {
      ...doc('Going or not going to one occurrence; a waitlist when full (idempotent)', {
        params: IdParams,
        body: RsvpInputSchema,
        response: { 200: RsvpResultSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'the answer and counts' }, limit: 'reaction' } },
    },
    async (request) => setRsvp(db, request.params.id, await requireMemberAccess(request), request.body),
  );

  api.post(
    '/api/calendar/feed',
    {
      ...doc('A new personal calendar feed URL (the previous one stops working)', {
        body: CalendarFeedInputSchema,
        response: { 200: CalendarFeedSchema, ...errors },
      }),
      config: { policy: { access: 'member', premium: { none: 'a feed URL' }, limit: 'profile' } },
    },
    async (request) =>
      createCalendarFeed(db, await requireMemberAccess(request), request.body.scope, publicUrl),
  );

  api.delete(
    '/api/calendar/feed',
    {
      ...doc('Revoke the personal calendar feed', { response: { 204: z.null(), ...errors } }),
      config: {
        policy: { access: 'member', premium: { none: 'answers 204 without a body' }, limit: 'profile' },
      },
    },
    async (request, reply) => {
      await revokeCalendarFeed(db, await requireMemberAccess(request));
      return reply.status(204).send(null);
    },
  );

  // For calendar apps, which carry no session: the token in the path is the credential.
  api.get(
    '/api/calendar/:token.ics',
    {
      ...doc("A member's calendar feed (their RSVPs or all events), by its revocable token", {
        params: TokenParams,
        response: { 200: z.any(), 404: ErrorBodySchema, 400: ErrorBodySchema },
      }),
      config: {
        policy: {
          access: {
            credential: "the calendar feed's revocable token in the path (calendar apps carry no session)",
          },
          premium: { none: 'an ICS feed: titles and event page links' },
        },
      },
    },
    async (request, reply) => {
      const feed = await findCalendarFeed(db, request.params.token);
      if (!feed) throw notFound('Calendar feed');
      const viewer = (await getFeedOwnerAccess(db, feed.userId)) ?? VISITOR_ACCESS;
      const occurrences = await listFeedOccurrences(db, viewer, feed.scope);
      return sendIcs(
        reply,
        // The calendar's name in the member's calendar app: the admin's site name (features/site).
        writeEventsIcs(occurrences, {
          name: `${(await app.site.get()).name} events`,
          publicUrl,
          ttlSeconds: FEED_TTL_SECONDS,
        }),
      );
    },
  );

  api.get(
    '/api/admin/events/:id',
    {
      ...doc("An event item's details (admin)", {
        params: IdParams,
        response: { 200: EventDetailsSchema, ...errors },
      }),
      config: { policy: { access: 'admin', premium: { none: "an event's details, for admins" } } },
    },
    async (request) => {
      await requireAdmin(request);
      return getEventDetails(db, request.params.id);
    },
  );

  api.put(
    '/api/admin/events/:id',
    {
      ...doc("Set an event item's time, zone, link, capacity and recurrence (admin)", {
        params: IdParams,
        body: EventDetailsInputSchema,
        response: { 200: EventDetailsSchema, ...errors },
      }),
      config: {
        policy: { access: 'admin', premium: { none: "an event's details, for admins" }, limit: 'admin' },
      },
    },
    async (request) => {
      toViewerAccess(await requireAdmin(request));
      return setEventDetails(db, request.params.id, request.body);
    },
  );
}

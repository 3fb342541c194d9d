import type https from 'node:https';
import type { PushPayload, PushSubscriptionInput } from '@shared/schemas/notifications.ts';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { invalidField } from '../../lib/errors.ts';
import { outboundUrlProblem, publicOnlyAgent } from '../../lib/outbound.ts';
import type { VapidKeys } from './push-keys.ts';

/** A member rarely has more browsers than this; the oldest subscription goes beyond it. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;
/** How long a push service keeps a message for a device that is offline. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;

export type PushSender = {
  /** The VAPID public key browsers subscribe with (loaded from the database on first use). */
  getPublicKey: () => Promise<string>;
  /** Sends to every subscription of the member; those the push service calls gone are deleted. */
  sendToMember: (
    db: Database,
    userId: string,
    payload: PushPayload,
  ) => Promise<{ sent: number; removed: number; failed: number }>;
};

export function createPushSender(options: {
  /** The pair, or how to load it (features/notifications/push-keys.ts): read once, when first needed. */
  keys: VapidKeys | (() => Promise<VapidKeys>);
  subject: string;
  /**
   * How pushes connect. By default `publicOnlyAgent()`: only public addresses, checked on the
   * address actually connected to (lib/outbound.ts). Tests that deliver to a push endpoint on this
   * machine pass an agent of their own that trusts its certificate and may reach 127.0.0.1.
   */
  agent?: https.Agent;
  log?: { warn: (obj: object, msg: string) => void };
}): PushSender {
  const { keys } = options;
  let loading: Promise<VapidKeys> | undefined;
  // Loaded when first needed, not while the app is built: the app builds (and answers its health
  // check) even when the database is down. A failed load is tried again next time.
  const loadKeys = () => {
    loading ??= (typeof keys === 'function' ? keys() : Promise.resolve(keys)).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const agent = options.agent ?? publicOnlyAgent();
  return {
    getPublicKey: async () => (await loadKeys()).publicKey,
    async sendToMember(db, userId, payload) {
      const subscriptions = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if (subscriptions.length === 0) return { sent: 0, removed: 0, failed: 0 };
      const vapidDetails = { subject: options.subject, ...(await loadKeys()) };
      const body = JSON.stringify(payload);
      const gone: string[] = [];
      let sent = 0;
      let failed = 0;
      await Promise.all(
        subscriptions.map(async (subscription) => {
          try {
            await webpush.sendNotification(
              {
                endpoint: subscription.endpoint,
                keys: { p256dh: subscription.p256dh, auth: subscription.auth },
              },
              body,
              {
                vapidDetails,
                TTL: PUSH_TTL_SECONDS,
                timeout: 10_000,
                agent,
              },
            );
            sent += 1;
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            // 404 and 410: the browser unsubscribed or the subscription expired; it never comes back.
            if (status === 404 || status === 410) gone.push(subscription.id);
            else {
              failed += 1;
              // The host only: the endpoint's path is the browser's push token.
              const host = new URL(subscription.endpoint).host;
              const reason = error instanceof Error ? error.message : String(error);
              options.log?.warn({ status, host, reason }, 'a push could not be sent');
            }
          }
        }),
      );
      if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      return { sent, removed: gone.length, failed };
    },
  };
}

/**
 * Keeps a browser's subscription for the member. An endpoint belongs to one browser profile: if
 * another member signed in there before, it moves to this one. Only endpoints on the push services
 * the operator allows are kept: the server connects there later (issue 32 §2).
 */
export async function savePushSubscription(
  db: Database,
  userId: string,
  input: PushSubscriptionInput,
  allowedHosts: readonly string[],
) {
  const problem = outboundUrlProblem(input.endpoint, allowedHosts);
  if (problem) throw invalidField('endpoint', problem);
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: now },
      });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.updatedAt))
      .limit(1000);
    if (kept.length > MAX_SUBSCRIPTIONS_PER_MEMBER) {
      const newest = kept.slice(-MAX_SUBSCRIPTIONS_PER_MEMBER).map((row) => row.id);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    }
  });
}

/** Forgets this browser's subscription; only the member's own (anyone else's endpoint is left alone). */
export async function deletePushSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

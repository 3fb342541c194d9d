import type { Notification } from './schemas/notifications.ts';

/** How a notice reads, in the bell and in a push: kind words, no urgency except where care needs it. */
export function describeNotification(notification: Pick<Notification, 'kind' | 'actor' | 'subject'>): string {
  const who = notification.actor
    ? [notification.actor.firstName, notification.actor.lastName].filter(Boolean).join(' ') || 'A member'
    : 'A member';
  const about = notification.subject ? ` “${notification.subject}”` : '';
  switch (notification.kind) {
    case 'post_reply':
      return `${who} replied to your post${about}`;
    case 'thread_reply':
      return `${who} added to a conversation you are part of${about}`;
    case 'mention':
      return `${who} mentioned you${notification.subject ? ` in “${notification.subject}”` : ''}`;
    case 'at_risk_flag':
      return `Someone in the community may be at risk${about}. Please look when you can.`;
    case 'journey_month':
      return `A new month of ${notification.subject ?? 'the journey'} has begun`;
    case 'playlist_item':
      // The subject reads "<playlist>: <item title>".
      return `New in ${notification.subject ?? 'a playlist you follow'}`;
  }
}

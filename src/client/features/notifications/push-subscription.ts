import { apiJson, apiRequest } from '@client/lib/api';

/** Why push could not be turned on, so Settings can say it kindly. */
export type PushProblem = 'unsupported' | 'denied' | 'failed';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key as the Push API wants it (bytes, from base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replaceAll('-', '+')
    .replaceAll('_', '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Asks the browser for permission (only ever from a tap on the Push switch), subscribes this
 * device with the server's key and stores the subscription. Resolves to a problem, or null.
 */
export async function subscribeThisDevice(): Promise<PushProblem | null> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'unsupported';
    const { publicKey } = await apiJson<{ publicKey: string }>('GET', '/api/push/public-key');
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
    return null;
  } catch {
    return 'failed';
  }
}

/** Forgets this device's subscription, here and on the server. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (!isPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint }).catch(
    () => undefined,
  );
  await subscription.unsubscribe().catch(() => false);
}

export const PUSH_PROBLEM_MESSAGES: Record<PushProblem, string> = {
  unsupported:
    'This browser cannot show notifications from this site. E-mail reminders work everywhere; on a phone, adding this site to your home screen may help.',
  denied:
    'Notifications are turned off for this site in this browser. If you would like them, you can allow them in the browser’s site settings and try again.',
  failed: 'Push could not be turned on just now. Please try again in a little while.',
};

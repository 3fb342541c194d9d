import { isValidTimeZone } from '@shared/practice-values';
import { useEffect, useRef } from 'react';
import { useMemberSettings, useUpdateMemberSettings } from './api/member-settings';
import { useStoredTheme } from './theme';

/** The browser's zone, when it names one the app knows. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * Days count in the member's zone: the first visit stores the browser's (Settings can change it).
 * The settings also carry the theme, which this device then follows.
 */
export function useTimeZoneSync() {
  const settings = useMemberSettings();
  useStoredTheme(settings.data?.theme);
  const update = useUpdateMemberSettings();
  const hasSent = useRef(false);
  useEffect(() => {
    if (hasSent.current || !settings.data || settings.data.timeZone !== null) return;
    const zone = browserTimeZone();
    if (!zone) return;
    hasSent.current = true;
    update.mutate({ timeZone: zone });
  }, [settings.data, update]);
}

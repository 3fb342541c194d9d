import type { BadgeTone } from '@client/components/ui/badge';
import type { I18n } from '@lingui/core';
import type { AnnouncementType } from '@shared/schemas/announcements';
import { CalendarDays, FlaskConical, type LucideIcon, Megaphone, Mic, Palette } from 'lucide-react';

type TypeStyle = { label: string; tone: BadgeTone; icon: LucideIcon };

/** A kind's name in the member's language (unknown kinds read as updates, like their style). */
export function announcementTypeLabel(i18n: I18n, type: string): string {
  switch (type) {
    case 'event':
      return i18n._('announcements.type.event');
    case 'podcast':
      return i18n._('announcements.type.podcast');
    case 'research':
      return i18n._('announcements.type.research');
    case 'theme':
      return i18n._('announcements.type.theme');
    default:
      return i18n._('announcements.type.update');
  }
}

/**
 * The English `label`s are the admin screens' until they are translated; members see
 * announcementTypeLabel's.
 * docs/product.md, "States and transitions": event blue, podcast purple, research green, theme orange, update grey. */
export const ANNOUNCEMENT_TYPE_STYLES: Record<AnnouncementType, TypeStyle> = {
  event: { label: 'Event', tone: 'blue', icon: CalendarDays },
  podcast: { label: 'Podcast', tone: 'purple', icon: Mic },
  research: { label: 'Research', tone: 'green', icon: FlaskConical },
  theme: { label: 'Theme', tone: 'orange', icon: Palette },
  update: { label: 'Update', tone: 'grey', icon: Megaphone },
};

/** Unknown kinds are shown as updates (docs/product.md, "Entities": update is the default or other kind). */
export function getAnnouncementTypeStyle(type: string): TypeStyle {
  return ANNOUNCEMENT_TYPE_STYLES[type as AnnouncementType] ?? ANNOUNCEMENT_TYPE_STYLES.update;
}

import type { BadgeTone } from '@client/components/ui/badge';
import type { AnnouncementType } from '@shared/schemas/announcements';
import { CalendarDays, FlaskConical, type LucideIcon, Megaphone, Mic, Palette } from 'lucide-react';

type TypeStyle = { label: string; tone: BadgeTone; icon: LucideIcon };

/** docs/product.md, "States and transitions": event blue, podcast purple, research green, theme orange, update grey. */
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

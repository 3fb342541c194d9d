import { useNamespace } from '@client/lib/i18n';
import type { ContentType } from '@shared/schemas/content';
import { CalendarDays, FileText, Headphones, type LucideIcon, PlayCircle } from 'lucide-react';

export const CONTENT_TYPE_META: Record<ContentType, { label: string; icon: LucideIcon }> = {
  video: { label: 'Video', icon: PlayCircle },
  audio: { label: 'Audio', icon: Headphones },
  post: { label: 'Post', icon: FileText },
  event: { label: 'Event', icon: CalendarDays },
};

/**
 * A content type's name in the member's language ('Audio', 'Beitrag'); `CONTENT_TYPE_META.label`
 * is its English name, until the screens that show it are translated.
 */
export function useContentTypeLabel(): (type: ContentType) => string {
  const i18n = useNamespace('errors');
  return (type) => {
    switch (type) {
      case 'video':
        return i18n._('errors.ui.type.video');
      case 'audio':
        return i18n._('errors.ui.type.audio');
      case 'post':
        return i18n._('errors.ui.type.post');
      case 'event':
        return i18n._('errors.ui.type.event');
    }
  };
}

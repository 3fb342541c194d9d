import type { ContentType } from '@shared/schemas/content';
import { CalendarDays, FileText, Headphones, type LucideIcon, PlayCircle } from 'lucide-react';

export const CONTENT_TYPE_META: Record<ContentType, { label: string; icon: LucideIcon }> = {
  video: { label: 'Video', icon: PlayCircle },
  audio: { label: 'Audio', icon: Headphones },
  post: { label: 'Post', icon: FileText },
  event: { label: 'Event', icon: CalendarDays },
};

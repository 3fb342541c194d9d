import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Eye, EyeOff, type LucideIcon } from 'lucide-react';

type BadgeLook = readonly [tone: BadgeTone, icon: LucideIcon, label: string];

/** A badge with one of two looks: `yes` when `when` holds, else `no`. */
export function EitherBadge({ when, yes, no }: { when: boolean; yes: BadgeLook; no: BadgeLook }) {
  const [tone, icon, label] = when ? yes : no;
  return (
    <Badge tone={tone} icon={icon}>
      {label}
    </Badge>
  );
}

/** Published or Draft, on the cards of what an admin publishes (content, announcements). */
export function PublishBadge({ isPublished }: { isPublished: boolean }) {
  return (
    <EitherBadge when={isPublished} yes={['green', Eye, 'Published']} no={['yellow', EyeOff, 'Draft']} />
  );
}

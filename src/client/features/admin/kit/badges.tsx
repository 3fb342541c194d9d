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

/** A badge shown when `shown` is true: its tone, its icon (if any) and its label. */
export type BadgeEntry = readonly [
  shown: boolean,
  tone: BadgeTone,
  icon: LucideIcon | undefined,
  label: string,
];

/** The badges of `entries` that are shown, in order. */
export function BadgeList({ entries }: { entries: readonly BadgeEntry[] }) {
  return entries
    .filter(([shown]) => shown)
    .map(([, tone, icon, label]) => (
      <Badge key={label} tone={tone} icon={icon}>
        {label}
      </Badge>
    ));
}

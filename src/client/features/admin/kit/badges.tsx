import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { CalendarClock, Eye, EyeOff, type LucideIcon } from 'lucide-react';

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
export function PublishBadge({
  isPublished,
  publishAt,
}: {
  isPublished: boolean;
  publishAt?: string | null;
}) {
  const i18n = useNamespace('admin');
  // A draft with a time goes live by itself (scheduled publishing, decision 092), shown in this
  // browser's zone as the Publish at box took it.
  if (!isPublished && publishAt) {
    const at = formatDate(publishAt, { dateStyle: 'medium', timeStyle: 'short' });
    return (
      <Badge tone="neutral" icon={CalendarClock}>
        {i18n._('admin.kit.badges.scheduled', { at })}
      </Badge>
    );
  }
  return (
    <EitherBadge
      when={isPublished}
      yes={['green', Eye, i18n._('admin.kit.badges.published')]}
      no={['yellow', EyeOff, i18n._('admin.kit.badges.draft')]}
    />
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

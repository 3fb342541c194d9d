import { RichText } from '@client/components/content/rich-text';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth';
import { formatRelativeTime } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { Trans } from '@lingui/react';
import { canModerate } from '@shared/roles';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useRevisions } from '../api/revisions';
import { ItemAction } from './item-action';

/** For moderators, on an edited post or comment: what it said before each edit. */
export function EarlierVersions({
  kind,
  id,
  editedAt,
}: {
  kind: 'post' | 'comment';
  id: string;
  editedAt: string | null;
}) {
  const { user } = useCurrentUser();
  const i18n = useNamespace('community');
  const isPost = kind === 'post';
  const [isOpen, setIsOpen] = useState(false);
  const revisions = useRevisions(kind, id, { isEnabled: isOpen });
  if (!editedAt || !canModerate(user)) return null;
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <ItemAction
          icon={History}
          compact
          aria-label={
            isPost ? i18n._('community.versions.labelPost') : i18n._('community.versions.labelComment')
          }
        >
          {i18n._('community.versions.action')}
        </ItemAction>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{i18n._('community.versions.title')}</DialogTitle>
          <DialogDescription>
            {isPost
              ? i18n._('community.versions.descriptionPost')
              : i18n._('community.versions.descriptionComment')}
          </DialogDescription>
        </DialogHeader>
        {revisions.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : revisions.isError ? (
          <p>{i18n._('community.versions.loadError')}</p>
        ) : (
          <ol className="grid gap-3">
            {revisions.data.map((revision) => (
              <li key={revision.id} className="grid gap-1 rounded-xl border p-3">
                <p className="text-muted-foreground text-sm">
                  <Trans
                    id="community.versions.replaced"
                    values={{ time: formatRelativeTime(revision.createdAt) }}
                    components={{ 0: <time dateTime={revision.createdAt} /> }}
                  />
                </p>
                {revision.title && <p className="font-medium wrap-anywhere">{revision.title}</p>}
                <RichText text={revision.content} />
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}

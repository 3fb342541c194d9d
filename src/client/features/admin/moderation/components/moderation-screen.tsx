import { MessageCard } from '@client/components/content/state-cards';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { DialogForm } from '@client/components/ui/dialog-form';
import { Field } from '@client/components/ui/field';
import { LoadMoreButton } from '@client/components/ui/load-more-button';
import { LoadingScreen } from '@client/components/ui/loading-screen';
import { LoadingPlaceholder, Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { AccessDenied } from '@client/features/admin/kit/admin-gate';
import { AdminPageHeader } from '@client/features/admin/kit/admin-page-header';
import { ListBody } from '@client/features/admin/kit/list-screen';
import { type Period, PeriodField, periodDays } from '@client/features/admin/kit/period-field';
import { useCurrentUser } from '@client/features/auth';
import { getErrorMessage } from '@client/lib/api';
import { formatRelativeTime } from '@client/lib/format';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { canModerate } from '@shared/roles';
import { authorName } from '@shared/schemas/community';
import {
  type AuditEntry,
  FLAG_REASON_LABELS,
  type Flagger,
  MAX_MODERATION_REASON_LENGTH,
  type ModerationItem,
} from '@shared/schemas/moderation';
import { EyeOff, Flag, Leaf, MessageSquare, ScrollText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import {
  type ModerationAction,
  useAuditLog,
  useModerationAction,
  useModerationQueue,
} from '../api/moderation';

type DialogMode = { type: ModerationAction['type']; item: ModerationItem } | null;

const EXCERPT_LENGTH = 280;
const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text);

/** Why a flag does not count towards hiding, in the moderator's words (server: flag-weight.ts). */
function flagWeightNote(flagger: Flagger): string | null {
  if (!flagger.isEstablished) return 'new, unverified or muted: does not count';
  if (!flagger.counts) return 'made from the same address as another flagger: counted once';
  return null;
}

/** Who flagged the item and how old their accounts are: a burst of brand-new accounts stands out. */
function FlaggerList({ flaggers }: { flaggers: Flagger[] }) {
  return (
    <ul className="grid gap-1 text-muted-foreground" aria-label="Who flagged">
      {flaggers.map((flagger) => {
        const note = flagWeightNote(flagger);
        return (
          <li key={flagger.member.id ?? flagger.flaggedAt} className="wrap-anywhere">
            {authorName(flagger.member)} · {FLAG_REASON_LABELS[flagger.reason]} · joined{' '}
            <time dateTime={flagger.accountCreatedAt}>
              {formatRelativeTime(flagger.accountCreatedAt).toLowerCase()}
            </time>
            {note && ` (${note})`}
          </li>
        );
      })}
    </ul>
  );
}

function QueueItem({
  item,
  onAct,
}: {
  item: ModerationItem;
  onAct: (mode: NonNullable<DialogMode>) => void;
}) {
  const titleId = useId();
  const who = authorName(item.author);
  return (
    <Card role="article" aria-labelledby={titleId} className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone="outline">
          {item.kind === 'post' ? <Flag aria-hidden="true" /> : <MessageSquare aria-hidden="true" />}
          {item.kind === 'post' ? 'Post' : 'Comment'}
        </Badge>
        {item.isHidden && (
          <Badge tone="yellow" icon={EyeOff}>
            Hidden
          </Badge>
        )}
        <Badge tone="neutral">{item.forum.title}</Badge>
      </div>
      <div className="grid gap-1">
        <h2 id={titleId} className="font-medium leading-snug wrap-anywhere">
          {item.title ?? `Comment by ${who}`}
        </h2>
        <p className="text-muted-foreground text-sm">
          By {who}
          {item.authorIsMuted && ' (muted)'} · flagged {formatRelativeTime(item.lastFlaggedAt).toLowerCase()}
        </p>
      </div>
      <p className="whitespace-pre-line text-foreground/90 wrap-anywhere">{excerpt(item.content)}</p>
      <div className="grid gap-2 rounded-xl bg-muted p-3 text-sm">
        <p className="font-medium">
          {item.isHeld
            ? 'Held for review: a new member’s words with a link'
            : `${item.flaggerCount} ${item.flaggerCount === 1 ? 'member' : 'members'} flagged this`}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Reasons">
          {item.reasons.map((reason) => (
            <li key={reason.reason}>
              <Badge tone={reason.reason === 'at_risk' ? 'red' : 'clay'}>
                {FLAG_REASON_LABELS[reason.reason]}
                {reason.count > 1 && ` ×${reason.count}`}
              </Badge>
            </li>
          ))}
        </ul>
        {!item.isHeld && item.countedFlaggerCount !== item.flaggerCount && (
          <p className="text-muted-foreground">
            {item.countedFlaggerCount} of them {item.countedFlaggerCount === 1 ? 'counts' : 'count'} towards
            hiding it
          </p>
        )}
        {item.flaggers.length > 0 && <FlaggerList flaggers={item.flaggers} />}
        {item.notes.length > 0 && (
          <ul className="grid gap-1 text-muted-foreground" aria-label="Notes from members">
            {item.notes.map((note) => (
              <li key={note} className="wrap-anywhere">
                “{note}”
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button size="sm" onClick={() => onAct({ type: 'restore', item })}>
          {item.isHeld ? 'Approve' : 'Restore'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onAct({ type: 'remove', item })}>
          Remove
        </Button>
        {item.author.id && !item.authorIsMuted && (
          <Button size="sm" variant="outline" onClick={() => onAct({ type: 'mute', item })}>
            Mute {who}
          </Button>
        )}
        <Button size="sm" variant="ghost" asChild>
          <Link href={`/community/posts/${encodeURIComponent(item.postId)}`}>Open</Link>
        </Button>
      </div>
    </Card>
  );
}

const DIALOG_TEXTS: Record<
  ModerationAction['type'],
  { title: string; description: string; confirm: string }
> = {
  restore: {
    title: 'Restore this item?',
    description: 'It shows to everyone again and its flags are dismissed.',
    confirm: 'Restore',
  },
  remove: {
    title: 'Remove this item?',
    description: 'It is deleted for good. The author receives your reason by e-mail, so write it kindly.',
    confirm: 'Remove',
  },
  mute: {
    title: 'Mute the author?',
    description:
      'They can still read everything, but cannot post, comment, like or flag until the mute ends. They receive your reason by e-mail.',
    confirm: 'Mute',
  },
};

function ActionDialog({ mode, onClose }: { mode: DialogMode; onClose: () => void }) {
  const action = useModerationAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<Period>('7');
  const [error, setError] = useState<string | null>(null);
  const texts = mode ? DIALOG_TEXTS[mode.type] : null;
  const needsReason = mode?.type === 'remove' || mode?.type === 'mute';

  const close = () => {
    setReason('');
    setDays('7');
    setError(null);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mode) return;
    if (needsReason && reason.trim() === '') {
      setError('Please give a reason.');
      return;
    }
    const request: ModerationAction =
      mode.type === 'remove'
        ? { type: 'remove', item: mode.item, reason: reason.trim() }
        : mode.type === 'mute'
          ? {
              type: 'mute',
              item: mode.item,
              input: { days: periodDays(days), reason: reason.trim() },
            }
          : { type: 'restore', item: mode.item };
    action.mutate(request, {
      onSuccess: () => {
        toast({
          title: mode.type === 'restore' ? 'Restored' : mode.type === 'remove' ? 'Removed' : 'Member muted',
          description: 'The action is written to the audit log.',
        });
        close();
      },
      onError: (failure) => setError(getErrorMessage(failure) ?? 'That did not work. Please try again.'),
    });
  };

  return (
    <DialogForm
      open={mode !== null}
      onOpenChange={(open) => !open && !action.isPending && close()}
      title={texts?.title}
      description={texts?.description}
      onSubmit={onSubmit}
      onCancel={close}
      submitLabel={texts?.confirm}
      pendingText="Saving…"
      isPending={action.isPending}
      variant={mode?.type === 'restore' ? 'default' : 'destructive'}
    >
      {mode?.type === 'mute' && <PeriodField label="How long" value={days} onChange={setDays} />}
      {needsReason && (
        <Field label="Reason (sent to the author)">
          <Textarea
            value={reason}
            rows={3}
            maxLength={MAX_MODERATION_REASON_LENGTH}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
      )}
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </DialogForm>
  );
}

const ACTION_WORDS: Record<string, string> = {
  hide: 'hid',
  restore: 'restored',
  remove: 'removed',
  mute: 'muted',
  unmute: 'lifted the mute of',
  pin: 'pinned',
  unpin: 'unpinned',
  grant_moderator: 'made a moderator:',
  revoke_moderator: 'removed moderator rights from',
  grant_admin: 'made an admin:',
  revoke_admin: 'removed admin rights from',
  grant_complimentary: 'gave complimentary premium to',
  end_complimentary: 'ended the complimentary premium of',
  schedule_journey: 'scheduled',
  unschedule_journey: 'removed a schedule of',
};

/** Changes no person made name their way in the reason: the admin CLI, or ADMIN_EMAILS. */
const DOORS_WITHOUT_A_PERSON = new Set(['admin CLI', 'ADMIN_EMAILS']);

function actorName(entry: AuditEntry): string {
  if (!entry.actor.id && entry.reason && DOORS_WITHOUT_A_PERSON.has(entry.reason)) return entry.reason;
  return authorName(entry.actor);
}

function AuditLog() {
  const log = useAuditLog({ isEnabled: true });
  const entries: AuditEntry[] = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="audit-heading" className="grid gap-4">
      <h2 id="audit-heading" className="flex items-center gap-2 font-display text-2xl tracking-tight">
        <ScrollText className="size-5" strokeWidth={1.5} aria-hidden="true" />
        Audit log
      </h2>
      {log.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground">No moderation actions yet.</p>
      ) : (
        <ol className="grid gap-2">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-xl border p-3 text-sm">
              <p>
                <span className="font-medium">{actorName(entry)}</span>{' '}
                {ACTION_WORDS[entry.action] ?? entry.action}{' '}
                {entry.targetType === 'user'
                  ? entry.subject
                    ? authorName(entry.subject)
                    : 'a member'
                  : `a ${entry.targetType}`}
                {entry.targetType !== 'user' && entry.subject && ` by ${authorName(entry.subject)}`}
              </p>
              {entry.reason && <p className="text-muted-foreground wrap-anywhere">Reason: {entry.reason}</p>}
              {entry.summary && (
                <p className="text-muted-foreground wrap-anywhere">{excerpt(entry.summary)}</p>
              )}
              <p className="text-muted-foreground">
                <time dateTime={entry.createdAt}>{formatRelativeTime(entry.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton pages={log} />
    </section>
  );
}

function Queue() {
  const queue = useModerationQueue();
  const [mode, setMode] = useState<DialogMode>(null);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label="Flagged items" className="grid gap-4">
      <ListBody
        list={queue}
        loadErrorTitle="The queue could not be loaded"
        skeleton={
          <LoadingPlaceholder label="Loading the queue" className="grid gap-4">
            <Skeleton className="h-48 w-full rounded-2xl" />
            <Skeleton className="h-48 w-full rounded-2xl" />
          </LoadingPlaceholder>
        }
        message={
          items.length > 0 ? null : (
            <MessageCard
              title="Nothing is waiting"
              headingLevel={2}
              description="No member has flagged anything that needs a look."
              icon={<Leaf className="size-8 text-primary" strokeWidth={1.5} aria-hidden="true" />}
            />
          )
        }
      >
        <div className="grid gap-4">
          {items.map((item) => (
            <QueueItem key={`${item.kind}-${item.id}`} item={item} onAct={setMode} />
          ))}
          <LoadMoreButton pages={queue} />
        </div>
      </ListBody>
      <ActionDialog mode={mode} onClose={() => setMode(null)} />
    </section>
  );
}

/** /admin/moderation: the queue of flagged items for moderators and admins; the audit log for admins. */
export function ModerationScreen() {
  useDocumentTitle('Moderation');
  const { user, isLoading, isAdmin } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (!canModerate(user)) return <AccessDenied />;
  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title="Moderation"
        description="Flagged posts and comments, waiting for a calm look."
        backHref={isAdmin ? '/admin' : '/community'}
        backLabel={isAdmin ? 'Back to Admin' : 'Back to Community'}
      />
      <Queue />
      {isAdmin && <AuditLog />}
    </div>
  );
}

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
import { formatRelativeTime, formatRelativeTimeInSentence } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import { canModerate } from '@shared/roles';
import { authorName } from '@shared/schemas/community';
import {
  type AuditEntry,
  type Flagger,
  type FlagReason,
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

/** A flag's reason in the moderator's language (the server sends its code). */
function reasonLabel(i18n: I18n, reason: FlagReason): string {
  switch (reason) {
    case 'spam':
      return i18n._('admin.moderation.reason.spam');
    case 'unkind':
      return i18n._('admin.moderation.reason.unkind');
    case 'harmful_advice':
      return i18n._('admin.moderation.reason.harmfulAdvice');
    case 'at_risk':
      return i18n._('admin.moderation.reason.atRisk');
    default:
      return i18n._('admin.moderation.reason.other');
  }
}

/** Why a flag does not count towards hiding, in the moderator's words (server: flag-weight.ts). */
function flagWeightNote(i18n: I18n, flagger: Flagger): string | null {
  if (!flagger.isEstablished) return i18n._('admin.moderation.flagger.notEstablished');
  if (!flagger.counts) return i18n._('admin.moderation.flagger.sameAddress');
  return null;
}

/** Who flagged the item and how old their accounts are: a burst of brand-new accounts stands out. */
function FlaggerList({ flaggers }: { flaggers: Flagger[] }) {
  const i18n = useNamespace('admin');
  return (
    <ul className="grid gap-1 text-muted-foreground" aria-label={i18n._('admin.moderation.whoFlagged')}>
      {flaggers.map((flagger) => {
        const note = flagWeightNote(i18n, flagger);
        const values = {
          name: authorName(flagger.member),
          reason: reasonLabel(i18n, flagger.reason),
          joined: formatRelativeTimeInSentence(flagger.accountCreatedAt),
        };
        const joined = <time dateTime={flagger.accountCreatedAt} />;
        return (
          <li key={flagger.member.id ?? flagger.flaggedAt} className="wrap-anywhere">
            {note ? (
              <Trans
                id="admin.moderation.flagger.withNote"
                values={{ ...values, note }}
                components={{ 0: joined }}
              />
            ) : (
              <Trans id="admin.moderation.flagger.line" values={values} components={{ 0: joined }} />
            )}
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
  const i18n = useNamespace('admin');
  const titleId = useId();
  const who = authorName(item.author);
  const flagged = formatRelativeTimeInSentence(item.lastFlaggedAt);
  return (
    <Card role="article" aria-labelledby={titleId} className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone="outline">
          {item.kind === 'post' ? <Flag aria-hidden="true" /> : <MessageSquare aria-hidden="true" />}
          {item.kind === 'post'
            ? i18n._('admin.moderation.kind.post')
            : i18n._('admin.moderation.kind.comment')}
        </Badge>
        {item.isHidden && (
          <Badge tone="yellow" icon={EyeOff}>
            {i18n._('admin.moderation.hidden')}
          </Badge>
        )}
        <Badge tone="neutral">{item.forum.title}</Badge>
      </div>
      <div className="grid gap-1">
        <h2 id={titleId} className="font-medium leading-snug wrap-anywhere">
          {item.title ?? i18n._('admin.moderation.commentBy', { who })}
        </h2>
        <p className="text-muted-foreground text-sm">
          {item.authorIsMuted
            ? i18n._('admin.moderation.bylineMuted', { who, flagged })
            : i18n._('admin.moderation.byline', { who, flagged })}
        </p>
      </div>
      <p className="whitespace-pre-line text-foreground/90 wrap-anywhere">{excerpt(item.content)}</p>
      <div className="grid gap-2 rounded-xl bg-muted p-3 text-sm">
        <p className="font-medium">
          {item.isHeld
            ? i18n._('admin.moderation.held')
            : i18n._('admin.moderation.flaggedBy', { count: item.flaggerCount })}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label={i18n._('admin.moderation.reasons')}>
          {item.reasons.map((reason) => (
            <li key={reason.reason}>
              <Badge tone={reason.reason === 'at_risk' ? 'red' : 'clay'}>
                {reason.count > 1
                  ? i18n._('admin.moderation.reasonTimes', {
                      reason: reasonLabel(i18n, reason.reason),
                      count: reason.count,
                    })
                  : reasonLabel(i18n, reason.reason)}
              </Badge>
            </li>
          ))}
        </ul>
        {!item.isHeld && item.countedFlaggerCount !== item.flaggerCount && (
          <p className="text-muted-foreground">
            {i18n._('admin.moderation.counted', { count: item.countedFlaggerCount })}
          </p>
        )}
        {item.flaggers.length > 0 && <FlaggerList flaggers={item.flaggers} />}
        {item.notes.length > 0 && (
          <ul className="grid gap-1 text-muted-foreground" aria-label={i18n._('admin.moderation.notes')}>
            {item.notes.map((note) => (
              <li key={note} className="wrap-anywhere">
                {i18n._('admin.moderation.note', { note })}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button size="sm" onClick={() => onAct({ type: 'restore', item })}>
          {item.isHeld ? i18n._('admin.moderation.approve') : i18n._('admin.moderation.restore')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onAct({ type: 'remove', item })}>
          {i18n._('admin.moderation.remove')}
        </Button>
        {item.author.id && !item.authorIsMuted && (
          <Button size="sm" variant="outline" onClick={() => onAct({ type: 'mute', item })}>
            {i18n._('admin.moderation.muteWho', { who })}
          </Button>
        )}
        <Button size="sm" variant="ghost" asChild>
          <Link href={`/community/posts/${encodeURIComponent(item.postId)}`}>
            {i18n._('admin.moderation.open')}
          </Link>
        </Button>
      </div>
    </Card>
  );
}

type DialogTexts = { title: string; description: string; confirm: string };

function dialogTexts(i18n: I18n, type: ModerationAction['type']): DialogTexts {
  switch (type) {
    case 'restore':
      return {
        title: i18n._('admin.moderation.dialog.restoreTitle'),
        description: i18n._('admin.moderation.dialog.restoreDescription'),
        confirm: i18n._('admin.moderation.restore'),
      };
    case 'remove':
      return {
        title: i18n._('admin.moderation.dialog.removeTitle'),
        description: i18n._('admin.moderation.dialog.removeDescription'),
        confirm: i18n._('admin.moderation.remove'),
      };
    case 'mute':
      return {
        title: i18n._('admin.moderation.dialog.muteTitle'),
        description: i18n._('admin.moderation.dialog.muteDescription'),
        confirm: i18n._('admin.moderation.dialog.mute'),
      };
  }
}

function ActionDialog({ mode, onClose }: { mode: DialogMode; onClose: () => void }) {
  const i18n = useNamespace('admin');
  const action = useModerationAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<Period>('7');
  const [error, setError] = useState<string | null>(null);
  const texts = mode ? dialogTexts(i18n, mode.type) : null;
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
      setError(i18n._('admin.moderation.dialog.reasonRequired'));
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
          title:
            mode.type === 'restore'
              ? i18n._('admin.moderation.done.restored')
              : mode.type === 'remove'
                ? i18n._('admin.moderation.done.removed')
                : i18n._('admin.moderation.done.muted'),
          description: i18n._('admin.moderation.done.logged'),
        });
        close();
      },
      onError: (failure) => setError(getErrorMessage(failure) ?? i18n._('admin.moderation.dialog.failed')),
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
      pendingText={i18n._('admin.moderation.dialog.saving')}
      isPending={action.isPending}
      variant={mode?.type === 'restore' ? 'default' : 'destructive'}
    >
      {mode?.type === 'mute' && (
        <PeriodField label={i18n._('admin.moderation.dialog.period')} value={days} onChange={setDays} />
      )}
      {needsReason && (
        <Field label={i18n._('admin.moderation.dialog.reason')}>
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

/** What an audit entry was done to: a member by name, or "a post by …" and the like. */
function auditTarget(i18n: I18n, entry: AuditEntry): string {
  const name = entry.subject ? authorName(entry.subject) : null;
  switch (entry.targetType) {
    case 'user':
      return name ?? i18n._('admin.moderation.audit.aMember');
    case 'post':
      return name ? i18n._('admin.moderation.audit.postBy', { name }) : i18n._('admin.moderation.audit.post');
    case 'comment':
      return name
        ? i18n._('admin.moderation.audit.commentBy', { name })
        : i18n._('admin.moderation.audit.comment');
    default:
      return name
        ? i18n._('admin.moderation.audit.playlistBy', { name })
        : i18n._('admin.moderation.audit.playlist');
  }
}

/** One audit entry as a sentence, the actor in bold; an action this screen does not know shows its code. */
function AuditSentence({ entry }: { entry: AuditEntry }) {
  const i18n = useNamespace('admin');
  const values = { actor: actorName(entry), target: auditTarget(i18n, entry) };
  const components = { 0: <span className="font-medium" /> };
  switch (entry.action) {
    case 'hide':
      return <Trans id="admin.moderation.audit.hide" values={values} components={components} />;
    case 'restore':
      return <Trans id="admin.moderation.audit.restore" values={values} components={components} />;
    case 'remove':
      return <Trans id="admin.moderation.audit.remove" values={values} components={components} />;
    case 'mute':
      return <Trans id="admin.moderation.audit.mute" values={values} components={components} />;
    case 'unmute':
      return <Trans id="admin.moderation.audit.unmute" values={values} components={components} />;
    case 'pin':
      return <Trans id="admin.moderation.audit.pin" values={values} components={components} />;
    case 'unpin':
      return <Trans id="admin.moderation.audit.unpin" values={values} components={components} />;
    case 'grant_moderator':
      return <Trans id="admin.moderation.audit.grantModerator" values={values} components={components} />;
    case 'revoke_moderator':
      return <Trans id="admin.moderation.audit.revokeModerator" values={values} components={components} />;
    case 'grant_admin':
      return <Trans id="admin.moderation.audit.grantAdmin" values={values} components={components} />;
    case 'revoke_admin':
      return <Trans id="admin.moderation.audit.revokeAdmin" values={values} components={components} />;
    case 'grant_complimentary':
      return <Trans id="admin.moderation.audit.grantComplimentary" values={values} components={components} />;
    case 'end_complimentary':
      return <Trans id="admin.moderation.audit.endComplimentary" values={values} components={components} />;
    case 'schedule_journey':
      return <Trans id="admin.moderation.audit.scheduleJourney" values={values} components={components} />;
    case 'unschedule_journey':
      return <Trans id="admin.moderation.audit.unscheduleJourney" values={values} components={components} />;
    default:
      return (
        <Trans
          id="admin.moderation.audit.other"
          values={{ ...values, action: entry.action }}
          components={components}
        />
      );
  }
}

/** Changes no person made name their way in the reason: the admin CLI, or ADMIN_EMAILS. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the server's names for them, shown as they are
const DOORS_WITHOUT_A_PERSON = new Set(['admin CLI', 'ADMIN_EMAILS']);

function actorName(entry: AuditEntry): string {
  if (!entry.actor.id && entry.reason && DOORS_WITHOUT_A_PERSON.has(entry.reason)) return entry.reason;
  return authorName(entry.actor);
}

function AuditLog() {
  const i18n = useNamespace('admin');
  const log = useAuditLog({ isEnabled: true });
  const entries: AuditEntry[] = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="audit-heading" className="grid gap-4">
      <h2 id="audit-heading" className="flex items-center gap-2 font-display text-2xl tracking-tight">
        <ScrollText className="size-5" strokeWidth={1.5} aria-hidden="true" />
        {i18n._('admin.moderation.audit.title')}
      </h2>
      {log.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground">{i18n._('admin.moderation.audit.empty')}</p>
      ) : (
        <ol className="grid gap-2">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-xl border p-3 text-sm">
              <p>
                <AuditSentence entry={entry} />
              </p>
              {entry.reason && (
                <p className="text-muted-foreground wrap-anywhere">
                  {i18n._('admin.moderation.audit.reason', { reason: entry.reason })}
                </p>
              )}
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
  const i18n = useNamespace('admin');
  const queue = useModerationQueue();
  const [mode, setMode] = useState<DialogMode>(null);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-label={i18n._('admin.moderation.queueLabel')} className="grid gap-4">
      <ListBody
        list={queue}
        loadErrorTitle={i18n._('admin.moderation.loadFailed')}
        skeleton={
          <LoadingPlaceholder label={i18n._('admin.moderation.loading')} className="grid gap-4">
            <Skeleton className="h-48 w-full rounded-2xl" />
            <Skeleton className="h-48 w-full rounded-2xl" />
          </LoadingPlaceholder>
        }
        message={
          items.length > 0 ? null : (
            <MessageCard
              title={i18n._('admin.moderation.emptyTitle')}
              headingLevel={2}
              description={i18n._('admin.moderation.emptyText')}
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
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.moderation.title'));
  const { user, isLoading, isAdmin } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (!canModerate(user)) return <AccessDenied />;
  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title={i18n._('admin.moderation.title')}
        description={i18n._('admin.moderation.lede')}
        backHref={isAdmin ? '/admin' : '/community'}
        backLabel={
          isAdmin ? i18n._('admin.moderation.backToAdmin') : i18n._('admin.moderation.backToCommunity')
        }
      />
      <Queue />
      {isAdmin && <AuditLog />}
    </div>
  );
}

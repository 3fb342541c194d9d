import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ChoiceLabel } from '@client/components/ui/choice-label';
import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { LinkButton } from '@client/components/ui/link-button';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { type CalendarFeed, FEED_SCOPES, type FeedScope } from '@shared/schemas/events';
import { CalendarPlus, Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/**
 * The personal calendar feed (docs/product.md, events): a private `webcal:` link a calendar app
 * subscribes to, with the member's RSVPs or all events. The server keeps only the token's hash, so
 * the link shows here once, when it is made; making another one or stopping it ends the old one.
 */
export function CalendarFeedSetting() {
  const i18n = useNamespace('settings');
  const id = useId();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [scope, setScope] = useState<FeedScope>('rsvps');
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [stopped, setStopped] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);

  const makeLink = () => {
    setStopped(false);
    revoke.reset();
    create.mutate(scope, { onSuccess: setFeed });
  };
  const stopLink = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setFeed(null);
        setStopped(true);
        create.reset();
      },
      onSettled: () => setConfirming(false),
    });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: i18n._('settings.calendarFeed.copied') });
    } catch {
      toast({
        variant: 'destructive',
        title: i18n._('settings.calendarFeed.copyFailedTitle'),
        description: i18n._('settings.calendarFeed.copyFailedText'),
      });
    }
  };

  return (
    <Card className="grid gap-5 p-5 sm:p-6" role="region" aria-labelledby={`${id}-title`}>
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-display text-2xl">
          {i18n._('settings.calendarFeed.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{i18n._('settings.calendarFeed.description')}</p>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">{i18n._('settings.calendarFeed.scopeLegend')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {FEED_SCOPES.map((option) => (
            <ChoiceLabel key={option} className="min-h-11 gap-3 rounded-xl px-4 py-2">
              <input
                type="radio"
                name={`${id}-scope`}
                value={option}
                checked={scope === option}
                onChange={() => setScope(option)}
                className="accent-primary"
              />
              {option === 'rsvps'
                ? i18n._('settings.calendarFeed.scopeRsvps')
                : i18n._('settings.calendarFeed.scopeAll')}
            </ChoiceLabel>
          ))}
        </div>
      </fieldset>

      {feed ? (
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Field label={i18n._('settings.calendarFeed.webcalLabel')}>
              <Input readOnly value={feed.webcalUrl} onFocus={(event) => event.currentTarget.select()} />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => copy(feed.webcalUrl)}>
                <Copy aria-hidden="true" />
                {i18n._('settings.calendarFeed.copyWebcal')}
              </Button>
              <LinkButton href={feed.webcalUrl} native size="sm" icon={CalendarPlus}>
                {i18n._('settings.calendarFeed.add')}
              </LinkButton>
            </div>
          </div>
          <div className="grid gap-2">
            <Field
              label={i18n._('settings.calendarFeed.httpsLabel')}
              hint={i18n._('settings.calendarFeed.httpsHint')}
            >
              <Input readOnly value={feed.url} onFocus={(event) => event.currentTarget.select()} />
            </Field>
            <div>
              <Button variant="outline" size="sm" onClick={() => copy(feed.url)}>
                <Copy aria-hidden="true" />
                {i18n._('settings.calendarFeed.copyHttps')}
              </Button>
            </div>
          </div>
          <p className="text-muted-foreground text-sm">
            {feed.scope === 'rsvps'
              ? i18n._('settings.calendarFeed.showsRsvps')
              : i18n._('settings.calendarFeed.showsAll')}{' '}
            {i18n._('settings.calendarFeed.private')}
          </p>
          {scope !== feed.scope && (
            <div className="grid justify-items-start gap-2">
              <p className="text-sm">{i18n._('settings.calendarFeed.changeNote')}</p>
              <Button
                ref={createButton}
                isPending={create.isPending}
                pendingText={i18n._('settings.calendarFeed.creating')}
                onClick={makeLink}
              >
                {i18n._('settings.calendarFeed.change')}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div className="grid justify-items-start gap-3">
          <p className="text-sm">{i18n._('settings.calendarFeed.empty')}</p>
          <Button
            ref={createButton}
            isPending={create.isPending}
            pendingText={i18n._('settings.calendarFeed.creating')}
            onClick={makeLink}
          >
            {i18n._('settings.calendarFeed.create')}
          </Button>
        </div>
      )}

      {create.isError && (
        <p role="alert" className="text-destructive text-sm">
          {getErrorMessage(create.error) ?? i18n._('settings.calendarFeed.createFailed')}
        </p>
      )}
      {revoke.isError && (
        <p role="alert" className="text-destructive text-sm">
          {getErrorMessage(revoke.error) ?? i18n._('settings.calendarFeed.stopFailed')}
        </p>
      )}
      <p role="status" className="text-sm empty:hidden">
        {stopped && i18n._('settings.calendarFeed.stopped')}
      </p>

      <div>
        <ConfirmDialog
          item={confirming ? true : null}
          trigger={
            <Button variant={feed ? 'outline' : 'link'} size="sm" className={feed ? undefined : 'px-0'}>
              {feed ? i18n._('settings.calendarFeed.stop') : i18n._('settings.calendarFeed.stopEarlier')}
            </Button>
          }
          onOpen={() => {
            revoke.reset();
            setConfirming(true);
          }}
          onClose={() => setConfirming(false)}
          onCloseAutoFocus={(event) => {
            // Once stopped, the button that opened the dialog may be gone: focus goes to making a new link.
            if (revoke.isSuccess && createButton.current) {
              event.preventDefault();
              createButton.current.focus();
            }
          }}
          title={i18n._('settings.calendarFeed.confirmTitle')}
          description={() => i18n._('settings.calendarFeed.confirmText')}
          cancelLabel={i18n._('settings.calendarFeed.keep')}
          confirmLabel={i18n._('settings.calendarFeed.confirm')}
          pendingText={i18n._('settings.calendarFeed.stopping')}
          isPending={revoke.isPending}
          onConfirm={stopLink}
        />
      </div>
    </Card>
  );
}

import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { mentionToken } from '@shared/markdown';
import type { Author, Mentionable } from '@shared/schemas/community';
import * as React from 'react';
import { type Control, Controller, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { useMentionable } from '../api/mentionable';
import { AuthorAvatar } from './author-avatar';

/** "@" and what follows it up to the caret: the start of a mention (no spaces, at most 30 characters). */
const MENTION_QUERY = /(?:^|\s)@([^\s@[\]()]{0,30})$/;

/** A person offered for a mention, as an author (for their avatar and initials). */
function asAuthor({ name, profileImageUrl }: Mentionable): Omit<Author, 'id'> {
  const [firstName = '', ...rest] = name.split(' ');
  return { firstName, lastName: rest.join(' ') || null, profileImageUrl };
}

type ActiveMention = { start: number; query: string };

function findActiveMention(text: string, caret: number): ActiveMention | null {
  const match = MENTION_QUERY.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

type MarkdownTextareaProps = Omit<React.ComponentProps<'textarea'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** The forum being written in: whom `@` offers (its recent posters, and the thread's people). */
  forumId: string;
  postId?: string | undefined;
};

/**
 * The textarea of posts and comments. Typing `@` offers people to mention in a listbox that
 * follows the combobox pattern: the focus stays in the text, ArrowUp/ArrowDown move the active
 * option (aria-activedescendant), Enter or Tab insert it, Escape closes the list. The inserted
 * token keeps the person's id (`@[Name](user:<id>)`, src/shared/markdown.ts).
 */
export function MarkdownTextarea({
  value,
  onValueChange,
  forumId,
  postId,
  className,
  ref,
  onKeyDown,
  onBlur,
  ...props
}: MarkdownTextareaProps) {
  const i18n = useNamespace('community');
  const innerRef = React.useRef<HTMLTextAreaElement | null>(null);
  const [mention, setMention] = React.useState<ActiveMention | null>(null);
  const [activeIndex, setActiveIndex] = React.useState(0);
  const listboxId = React.useId();
  const people = useMentionable(forumId, mention?.query ?? '', { postId, isEnabled: mention !== null });
  const options: Mentionable[] = mention ? (people.data ?? []) : [];
  const isOpen = mention !== null && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const setRefs = (node: HTMLTextAreaElement | null) => {
    innerRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const track = (text: string, caret: number) => {
    const next = findActiveMention(text, caret);
    setMention(next);
    if (next?.query !== mention?.query) setActiveIndex(0);
  };

  const insert = (person: Mentionable) => {
    if (!mention) return;
    const textarea = innerRef.current;
    const caret = textarea?.selectionStart ?? value.length;
    const inserted = `${mentionToken(person.name, person.id)} `;
    const next = value.slice(0, mention.start) + inserted + value.slice(caret);
    onValueChange(next);
    setMention(null);
    const position = mention.start + inserted.length;
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(position, position);
    });
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (isOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((index) => (index + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const person = options[Math.min(activeIndex, options.length - 1)];
        if (person) {
          event.preventDefault();
          insert(person);
          return;
        }
      }
      if (event.key === 'Escape') {
        // Closes the list only (not a surrounding dialog).
        event.preventDefault();
        event.stopPropagation();
        setMention(null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={setRefs}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listboxId : undefined}
        aria-activedescendant={isOpen ? optionId(Math.min(activeIndex, options.length - 1)) : undefined}
        className={className}
        onChange={(event) => {
          onValueChange(event.target.value);
          track(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => {
          const target = event.currentTarget;
          if (target.selectionStart === target.selectionEnd) track(target.value, target.selectionStart);
        }}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          setMention(null);
          onBlur?.(event);
        }}
      />
      {isOpen && (
        <div
          id={listboxId}
          role="listbox"
          aria-label={i18n._('community.mention.listLabel')}
          className="absolute inset-x-0 top-full z-20 mt-1 grid max-h-64 gap-0.5 overflow-y-auto rounded-xl border bg-card p-1 shadow-md sm:end-auto sm:min-w-72"
        >
          {options.map((person, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: combobox pattern; the focus stays in the textarea (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the textarea's arrow keys and Enter choose; the click is for pointers
            <div
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm',
                index === activeIndex ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
              )}
              // Keep the focus in the text while choosing with the pointer.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(person)}
              onMouseEnter={() => setActiveIndex(index)}
            >
              <AuthorAvatar author={asAuthor(person)} className="size-7" />
              <span className="font-medium">{person.name}</span>
            </div>
          ))}
        </div>
      )}
      <span className="sr-only" role="status">
        {isOpen ? i18n._('community.mention.status', { count: options.length }) : ''}
      </span>
    </div>
  );
}

/**
 * A field's label with its "n/limit" beside it; the count's id is `${htmlFor}-count`, for the field
 * to be described by, so it is read on focus rather than on every keystroke.
 */
export function LabelWithCount({
  htmlFor,
  label,
  length,
  limit,
}: {
  htmlFor: string;
  label: string;
  length: number;
  limit: number;
}) {
  const i18n = useNamespace('community');
  return (
    <div className="flex items-baseline justify-between gap-3">
      <Label htmlFor={htmlFor}>{label}</Label>
      <span
        id={`${htmlFor}-count`}
        className={cn(
          'text-muted-foreground text-sm tabular-nums',
          length >= limit * 0.9 && 'font-medium text-secondary-foreground',
        )}
      >
        <span className="sr-only">{i18n._('community.charactersUsed')} </span>
        {length}/{limit}
      </span>
    </div>
  );
}

type MarkdownFieldProps<Values extends FieldValues> = Omit<
  MarkdownTextareaProps,
  'value' | 'onValueChange' | 'name' | 'ref' | 'onBlur'
> & {
  control: Control<Values>;
  name: FieldPath<Values>;
  id: string;
  /** Shown above the field with its "n/maxLength" count (which then describes the field too). */
  label?: string;
  /** Also told the textarea element (the comment box focuses it for a reply). */
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
  onEdit?: () => void;
};

/**
 * A react-hook-form field holding member Markdown: its label and count (with `label`), the textarea
 * with mentions and, under it, the quiet reminder of what it can hold (describing it). Posts, comments and their edits all write through this.
 */
export function MarkdownField<Values extends FieldValues>({
  control,
  name,
  id,
  label,
  textareaRef,
  onEdit,
  'aria-describedby': describedBy,
  ...props
}: MarkdownFieldProps<Values>) {
  const i18n = useNamespace('community');
  const helpId = `${id}-help`;
  const length = String(useWatch({ control, name }) ?? '').length;
  return (
    <div className="grid gap-2">
      {label && <LabelWithCount htmlFor={id} label={label} length={length} limit={props.maxLength ?? 0} />}
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <MarkdownTextarea
            {...props}
            id={id}
            name={field.name}
            ref={(node) => {
              field.ref(node);
              if (textareaRef) textareaRef.current = node;
            }}
            value={field.value as string}
            onValueChange={(value) => {
              field.onChange(value);
              onEdit?.();
            }}
            onBlur={field.onBlur}
            aria-describedby={[describedBy, label && `${id}-count`, helpId].filter(Boolean).join(' ')}
          />
        )}
      />
      <p id={helpId} className="text-muted-foreground text-sm leading-relaxed">
        {i18n._('community.markdownHelp')}
      </p>
    </div>
  );
}

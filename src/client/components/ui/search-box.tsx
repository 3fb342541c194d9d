import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { X } from 'lucide-react';
import { useId } from 'react';
import { SearchInput } from './search-input';

/** A search box with a visually hidden label and a clear button once something is typed. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  className = 'w-full sm:max-w-sm sm:flex-1',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const i18n = useNamespace('errors');
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchInput
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="pe-10 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={i18n._('errors.ui.clearSearch')}
          className="-translate-y-1/2 absolute top-1/2 end-1.5 grid size-8 place-items-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X className="size-4" strokeWidth={1.75} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

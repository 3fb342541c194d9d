import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { Eye, EyeOff } from 'lucide-react';
import * as React from 'react';
import { Input } from './input';

/** A password input with a show/hide toggle, so people can check what they typed. */
export function PasswordInput({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  const i18n = useNamespace('errors');
  const [isVisible, setIsVisible] = React.useState(false);
  return (
    <div className="relative">
      <Input type={isVisible ? 'text' : 'password'} className={cn('pe-12', className)} {...props} />
      <button
        type="button"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={isVisible ? i18n._('errors.ui.hidePassword') : i18n._('errors.ui.showPassword')}
        aria-pressed={isVisible}
        className="absolute inset-y-0 end-1 my-auto grid size-9 place-items-center rounded-lg text-muted-foreground transition-colors hover:text-foreground"
      >
        {isVisible ? (
          <EyeOff className="size-4.5" aria-hidden="true" />
        ) : (
          <Eye className="size-4.5" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

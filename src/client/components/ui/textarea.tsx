import { withClass } from './with-class';

export const Textarea = withClass(
  'textarea',
  'flex min-h-28 w-full min-w-0 resize-y rounded-xl border border-input bg-card px-3.5 py-2.5 text-base text-foreground leading-relaxed transition-colors duration-150 placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0',
  'disabled:cursor-not-allowed disabled:opacity-60',
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/40',
);

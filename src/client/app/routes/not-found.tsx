import { ScreenContainer } from '@client/components/page-container';
import { LinkButton } from '@client/components/ui/link-button';
import { Compass } from 'lucide-react';

export function NotFoundScreen() {
  return (
    <ScreenContainer
      title="Page not found"
      className="flex flex-1 flex-col items-center justify-center py-20 text-center"
    >
      <span className="mb-6 grid size-16 place-items-center rounded-full bg-sage-soft text-primary">
        <Compass className="size-7" strokeWidth={1.5} aria-hidden="true" />
      </span>
      <h1 className="font-display font-medium text-4xl tracking-tight">404 Page Not Found</h1>
      <p className="mt-4 max-w-md text-muted-foreground">Did you forget to add the page to the router?</p>
      <LinkButton href="/" variant="outline" className="mt-8">
        Back to home
      </LinkButton>
    </ScreenContainer>
  );
}

import { BreathingCircle } from '@client/components/breathing-circle';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

/**
 * Stands in for a member screen whose feature has not been built yet (see member-screens.tsx).
 * Temporary by design: each feature replaces its entry there with its real screen.
 */
export function PlaceholderScreen({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  return (
    <PageContainer className="py-8 sm:py-12">
      <header className="mb-8 grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">{title}</h1>
        <p className="max-w-xl text-lg text-muted-foreground">{description}</p>
      </header>
      <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
        <BreathingCircle size="md" />
        <h2 className="font-display font-medium text-2xl">Coming soon</h2>
        <p className="max-w-sm text-muted-foreground">
          We are preparing this space with care. In the meantime, your home page has the latest news.
        </p>
        <Button asChild variant="outline" className="mt-2">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to home
          </Link>
        </Button>
      </Card>
    </PageContainer>
  );
}

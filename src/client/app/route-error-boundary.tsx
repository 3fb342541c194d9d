import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { RefreshCw } from 'lucide-react';
import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; resetKey: string };
type State = { error: Error | null; resetKey: string };

/**
 * Catches a screen that fails to render or to load (a chunk missing after a deploy, say) so the
 * header and navigation stay usable. Navigating elsewhere clears it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error): void {
    console.error(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 py-20 text-center">
        <h1 className="font-display font-medium text-4xl">Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">
          This page could not be shown. Reloading usually helps; if it keeps happening, please try again
          later.
        </p>
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Reload page
        </Button>
      </PageContainer>
    );
  }
}

import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { useNamespace } from '@client/lib/i18n';
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
    return <RouteError />;
  }
}

/** What the boundary shows (a function, so it can read the member's language). */
function RouteError() {
  const i18n = useNamespace('errors');
  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 py-20 text-center">
      <h1 className="font-display font-medium text-4xl">{i18n._('errors.route.title')}</h1>
      <p className="max-w-md text-muted-foreground">{i18n._('errors.route.text')}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" />
        {i18n._('errors.route.reload')}
      </Button>
    </PageContainer>
  );
}

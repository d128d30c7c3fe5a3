import { Component, type ErrorInfo, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics';

type Props = {
  children: ReactNode;
  /** The page's path: moving to another page clears the error. */
  resetKey: string;
};
type State = { error: unknown; resetKey: string };

/**
 * What a visitor sees when a page fails to render, most often because its chunk could not be
 * fetched (offline, or a deploy replaced it): a message and a way out instead of a blank screen.
 * The navigation bar's links and Back still work, and leaving the page clears the error.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    track('js_error', {
      message: error instanceof Error ? error.message : String(error),
      componentStack: info.componentStack,
    });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main
        id="main"
        className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center"
      >
        <h1 className="text-2xl font-bold tracking-tight">This page could not be shown</h1>
        <p className="max-w-md text-muted-foreground">
          An unexpected error occurred. Check your connection and reload the page; if it keeps
          happening,{' '}
          <a href={paths.contact.href} className="font-medium text-primary underline">
            write to us
          </a>
          .
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          Reload the page
        </button>
      </main>
    );
  }
}

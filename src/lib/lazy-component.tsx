import { use, type ComponentType } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Loads the chunk; once it has loaded the component renders without suspending. */
  preload: () => Promise<void>;
  /** Whether the chunk has loaded. */
  loaded: () => boolean;
};

/**
 * A component in its own chunk (a page, or the lower sections of one). Unlike `React.lazy` it can
 * be loaded before it renders: main.tsx loads the page under a prerendered HTML first, so React
 * replaces that HTML with the same page, never with a loading spinner. Until then it suspends (the
 * root layout's Suspense shows the spinner on a first visit; a navigation keeps the previous page
 * on screen, as router updates are transitions). A chunk that fails to load is thrown to the route
 * error boundary.
 */
/**
 * A promise that says how it settled in the fields React's `use` reads (`status`, `value`,
 * `reason`), so a chunk that has loaded renders at once, without suspending.
 */
type TrackedLoad = Promise<void> & {
  status?: 'fulfilled' | 'rejected';
  value?: undefined;
  reason?: unknown;
};

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let Loaded: ComponentType<P> | undefined;
  let attempt: TrackedLoad | undefined;

  // Only an explicit preload retries a failed load: a render keeps throwing the same failure (as
  // `React.lazy` does), so an unreachable chunk cannot make React fetch it in a loop.
  function preload(): Promise<void> {
    if (!attempt || attempt.status === 'rejected') {
      const next: TrackedLoad = load().then(
        (component) => {
          Loaded = component;
          Object.assign(next, { status: 'fulfilled', value: undefined });
        },
        (error: unknown) => {
          Object.assign(next, { status: 'rejected', reason: error });
          throw error;
        },
      );
      attempt = next;
    }
    return attempt;
  }

  function Lazy(props: P) {
    // `use` on every render, loaded or not: React replays a suspended component once its promise
    // settles and expects the same hooks in the same order (a conditional `use` is an error).
    use(attempt ?? preload());
    const Component = Loaded!;
    return <Component {...props} />;
  }
  return Object.assign(Lazy, { preload, loaded: () => Loaded !== undefined });
}

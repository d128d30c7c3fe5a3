import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { SessionContext, type SessionState } from '@/lib/auth/session-context';
import { createQueryClient } from '@/lib/query-client';
import { sessionState } from './session';

/** Shows where a navigation went: the path, query and state, for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output aria-label="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

export type RenderOptions = {
  /** Where the memory router starts: a path or a full entry with state. */
  initialEntry?: string | { pathname: string; search?: string; state?: unknown };
  session?: SessionState;
  queryClient?: QueryClient;
  /** Extra routes beside the one under test (e.g. a stand-in for /auth). */
  routes?: RouteObject[];
  /** The path the element under test is mounted at (default: the initial entry's path). */
  path?: string;
};

/**
 * Renders `ui` as the app does (query client, session, router, toasts), with a fallback route
 * for every other path that shows a `LocationProbe`.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const initialEntry = options.initialEntry ?? '/';
  const pathname =
    typeof initialEntry === 'string' ? initialEntry.split('?')[0]! : initialEntry.pathname;
  const queryClient = options.queryClient ?? createQueryClient();
  const session = options.session ?? sessionState();
  const router = createMemoryRouter(
    [
      ...(options.routes ?? []),
      {
        path: options.path ?? pathname,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
        <Toaster />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

import { StrictMode, type ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

export { preloadRoute } from '@/app/router';

/**
 * What every render of the app has around its router: the browser's (`App`) and the build's
 * prerender (src/entry-server.tsx), whose HTML the browser hydrates, so both must be this tree.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppProvider>{children}</AppProvider>
    </StrictMode>
  );
}

/** The whole app in the browser (src/main.tsx). */
export function App() {
  return (
    <AppFrame>
      <AppRouter />
    </AppFrame>
  );
}

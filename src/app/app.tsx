import { StrictMode } from 'react';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

export { preloadRoute } from '@/app/router';

/** The whole app in the browser (src/main.tsx); src/entry-server.tsx renders the same tree. */
export function App() {
  return (
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>
  );
}

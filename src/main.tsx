// First: it reads the URL's hash before anything can change it.
import '@/lib/auth/initial-url-hash';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, preloadRoute } from '@/app/router';
import { installErrorForwarding } from '@/lib/analytics';
import './index.css';

installErrorForwarding();

const container = document.getElementById('root')!;

async function start() {
  // The first page's chunks load before the first render, all at once: a prerendered page stays
  // on screen until React renders the same page over it (no loading spinner in between), and the
  // first commit holds the page, so a link to one of its sections (#hash) finds it. A chunk that
  // fails to load is left to the route error boundary.
  await preloadRoute(window.location.pathname).catch(() => {});
  const root = createRoot(container);
  // A transition lets React render the first tree in small slices instead of one long task
  // that would block input while the page is already on screen.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
}

void start();

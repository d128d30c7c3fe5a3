// First: it reads the URL's hash before anything can change it.
import '@/lib/auth/initial-url-hash';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, preloadRoute } from '@/app/router';
import { installErrorForwarding } from '@/lib/analytics';
import './index.css';

installErrorForwarding();

const container = document.getElementById('root')!;

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

async function start() {
  // The first page's chunks load before the first render, all at once: React takes over a
  // prerendered page only with all of its code (no loading spinner in between), and the first
  // commit holds the page, so a link to one of its sections (#hash) finds it. A chunk that fails
  // to load is left to the route error boundary.
  await preloadRoute(window.location.pathname).catch(() => {});
  // The build saved this path's page (scripts/prerender.ts) as React renders it: React adopts that
  // HTML as it stands (no second layout and paint of the page the visitor is already reading).
  // Any other path (the SPA fallback's copy of / was emptied by its guard) renders from scratch.
  // Either way in a transition: React then works through the first tree in small slices instead
  // of one long task that would block input while the page is already on screen.
  if (container.dataset.prerendered === window.location.pathname && container.hasChildNodes()) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();

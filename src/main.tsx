// First: it reads the URL's hash before anything can change it.
import '@/lib/auth/initial-url-hash';
import { startTransition } from 'react';
import { installErrorForwarding } from '@/lib/analytics';
import './index.css';

installErrorForwarding();

const container = document.getElementById('root')!;

/** Lets the browser paint and answer input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start() {
  // React's DOM renderer and the app are separate scripts, fetched together and run one after the
  // other in separate tasks: run as one, they would block a visitor who is already reading (and
  // tapping) the prerendered page for one long task.
  const renderer = import('react-dom/client');
  const app = import('@/app/app');
  const { createRoot, hydrateRoot } = await renderer;
  await nextTask();
  const { App, preloadRoute } = await app;
  await nextTask();
  // The first page's chunks load before the first render, all at once: React takes over a
  // prerendered page only with all of its code (no loading spinner in between), and the first
  // commit holds the page, so a link to one of its sections (#hash) finds it. A chunk that fails
  // to load is left to the route error boundary.
  await preloadRoute(window.location.pathname).catch(() => {});

  // Either way in a transition: React then works through the first tree in small slices instead
  // of one long task.
  // The build saved this path's page (scripts/prerender.ts) as React renders it: React adopts that
  // HTML as it stands (no second layout and paint of the page the visitor is already reading).
  // Any other path (the SPA fallback's copy of / was emptied by its guard) renders from scratch.
  if (container.dataset.prerendered === window.location.pathname && container.hasChildNodes()) {
    startTransition(() => {
      hydrateRoot(container, <App />);
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(<App />));
  }
  // From here on the page answers input: React hydrates at once whatever is clicked or typed into
  // before its slices are done. Before, a prerendered page is only painted (e2e/support/app-test.ts
  // waits for this mark).
  document.documentElement.dataset.interactive = '';
}

void start();

import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What the build's prerender (src/entry-server.tsx) collects from a page as it renders it to HTML:
 * the page's title and description, which in the browser are set by an effect that a server
 * render never runs.
 */
export type PrerenderedMeta = { title: string; description: string };

/** Provided only by the prerender: null in the browser. */
export const PrerenderContext = createContext<PrerenderedMeta | null>(null);

/** The prerender's collector while rendering to HTML at build time, else null. */
export const usePrerender = () => useContext(PrerenderContext);

const subscribeToNothing = () => () => {};

/**
 * False while rendering to HTML and while React hydrates that HTML in the browser, true after:
 * a render that reads the browser (the stored session, the viewport) must render what the
 * prerender did until then, or React would throw the prerendered page away. The switch is a
 * re-render React schedules itself right after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** True only in the browser, while React hydrates a prerendered page (its first render there). */
export function useHydrating(): boolean {
  const prerendering = usePrerender() !== null;
  const hydrated = useHydrated();
  return !prerendering && !hydrated;
}

import { useEffect, type RefObject } from 'react';

/**
 * Runs decorative motion with the Web Animations API once the component is live (after React
 * has hydrated the page), never under prefers-reduced-motion, following that setting as it
 * changes, and stopped when the component leaves. `start` starts the element's animations and
 * returns them.
 *
 * Why not CSS animations (decision 0003): every iteration of a CSS animation is an
 * event that React's root listener takes on the main thread, and while it listens Chromium ticks
 * the animations there frame after frame; these run on the compositor alone. And the motion starts
 * after hydration: an animation that runs while the page boots makes the browser draw frame after
 * frame on the cores the page's script needs. Mark the moving elements `will-change-transform`:
 * they are then layers of their own from the first paint, as when CSS animated them, so starting
 * the motion later changes nothing else on the page.
 */
export function useDecorativeMotion<T extends Element>(
  element: RefObject<T | null>,
  start: (element: T) => Animation[],
): void {
  useEffect(() => {
    const target = element.current;
    // Browsers without the Web Animations API (and jsdom) keep the decoration still.
    if (!target || typeof target.animate !== 'function') return;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    let running: Animation[] = [];
    const stop = () => {
      for (const animation of running) animation.cancel();
      running = [];
    };
    const update = () => {
      stop();
      if (!reducedMotion?.matches) running = start(target);
    };
    update();
    reducedMotion?.addEventListener?.('change', update);
    return () => {
      reducedMotion?.removeEventListener?.('change', update);
      stop();
    };
  }, [element, start]);
}

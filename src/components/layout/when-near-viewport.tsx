import { useRef, type ReactNode } from 'react';
import { usePrerender } from '@/lib/prerender-context';
import { hasBeenSeen, useViewportEntry } from '@/lib/use-viewport-entry';

/**
 * Renders its children only once the visitor scrolls within `margin` of them, so a carousel far
 * below the fold costs a visitor who never gets there no script at all. The box keeps its place
 * (give it a height) so nothing shifts when the children arrive. The prerendered HTML has them, for
 * readers without JavaScript; use it only where React does not hydrate that HTML (a deferred part
 * of the page, see DeferredUntilNearViewport), since the browser's first render leaves them out.
 */
export function WhenNearViewport({
  className,
  margin = '600px',
  children,
}: {
  className?: string;
  margin?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const entry = useViewportEntry(box, 0, margin);
  const prerendering = usePrerender() !== null;
  return (
    <div ref={box} className={className}>
      {prerendering || hasBeenSeen(entry) ? children : null}
    </div>
  );
}

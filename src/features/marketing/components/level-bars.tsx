import { useRef } from 'react';
import { useDecorativeMotion } from '@/lib/use-decorative-motion';

// Fixed heights, so the bars look like speech without random values per render.
const barHeights = [
  35, 60, 80, 45, 90, 70, 40, 65, 95, 55, 30, 75, 85, 50, 60, 40, 70, 90, 45, 65, 80, 35, 55, 75,
];
/** The bars bounce in four groups, a quarter of a bounce apart. */
const PHASES = 4;
/** Squashed, full height, squashed again; each half eased. */
const bounce: Keyframe[] = [
  { transform: 'scaleY(0.3)', easing: 'ease-in-out' },
  { transform: 'scaleY(1)', easing: 'ease-in-out' },
  { transform: 'scaleY(0.3)' },
];

const bounceLayers = (box: HTMLDivElement) =>
  [...box.children].map((layer, phase) =>
    layer.animate(bounce, { duration: 1200, iterations: Infinity, iterationStart: phase / PHASES }),
  );

/** The demo's decorative level meter: bars that rise and fall like a voice (full height if still). */
export function LevelBars() {
  const box = useRef<HTMLDivElement>(null);
  useDecorativeMotion(box, bounceLayers);

  return (
    <div ref={box} aria-hidden className="absolute inset-x-8 bottom-8 h-24 sm:h-32">
      {Array.from({ length: PHASES }, (_, phase) => (
        // A layer per phase, scaled from the bottom as each of its bars would be: 4 animations
        // where 24 bars would need 24.
        <div
          key={phase}
          data-phase={phase}
          className="absolute inset-0 grid origin-bottom items-end gap-x-1.5 will-change-transform"
          style={{ gridTemplateColumns: `repeat(${barHeights.length}, minmax(0, 1fr))` }}
        >
          {barHeights.map((height, index) =>
            index % PHASES === phase ? (
              <span
                key={index}
                className="rounded-full bg-primary/70"
                style={{ gridColumnStart: index + 1, gridRowStart: 1, height: `${height}%` }}
              />
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}

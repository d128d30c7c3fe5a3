import { onTestFinished, vi } from 'vitest';

type ChangeListener = () => void;

export type StartedAnimation = {
  element: Element;
  keyframes: Keyframe[];
  options: KeyframeAnimationOptions;
  cancel: () => void;
};

/**
 * jsdom has neither the Web Animations API nor media queries: a browser's stand-ins that record
 * every animation started and let a test change prefers-reduced-motion. Removed when the test
 * finishes.
 */
export function stubWebAnimations({ reducedMotion }: { reducedMotion: boolean }) {
  const listeners = new Set<ChangeListener>();
  const query = {
    matches: reducedMotion,
    addEventListener: (_: 'change', listener: ChangeListener) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: ChangeListener) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) =>
    media === '(prefers-reduced-motion: reduce)' ? query : { matches: false },
  );
  onTestFinished(() => {
    // jsdom's own Element has no `animate`.
    Reflect.deleteProperty(Element.prototype, 'animate');
    vi.unstubAllGlobals();
  });
  const started: StartedAnimation[] = [];
  Element.prototype.animate = function (this: Element, keyframes, options) {
    const animation = { cancel: vi.fn() };
    started.push({
      element: this,
      keyframes: keyframes as Keyframe[],
      options: options as KeyframeAnimationOptions,
      ...animation,
    });
    return animation as unknown as Animation;
  };
  return {
    started,
    listeners,
    /** The animations not cancelled. */
    running: () => started.filter(({ cancel }) => vi.mocked(cancel).mock.calls.length === 0),
    setReducedMotion(matches: boolean) {
      query.matches = matches;
      for (const listener of listeners) listener();
    },
  };
}

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubWebAnimations } from '@/testing/web-animations';
import { LevelBars } from './level-bars';

describe('LevelBars', () => {
  it('draws 24 bars in four layers that bounce a quarter of a bounce apart, forever', () => {
    const browser = stubWebAnimations({ reducedMotion: false });
    const { container } = render(<LevelBars />);

    const layers = [...container.querySelectorAll('[data-phase]')];
    expect(layers).toHaveLength(4);
    expect(container.querySelectorAll('[data-phase] > span')).toHaveLength(24);
    expect(browser.running().map(({ element }) => element)).toEqual(layers);
    expect(browser.started.map(({ options }) => options.iterationStart)).toEqual([
      0, 0.25, 0.5, 0.75,
    ]);
    for (const { options, keyframes } of browser.started) {
      expect(options).toMatchObject({ duration: 1200, iterations: Infinity });
      expect(keyframes.map((keyframe) => keyframe.transform)).toEqual([
        'scaleY(0.3)',
        'scaleY(1)',
        'scaleY(0.3)',
      ]);
    }
  });

  it('stands at full height under prefers-reduced-motion', () => {
    const browser = stubWebAnimations({ reducedMotion: true });
    const { container } = render(<LevelBars />);
    expect(browser.started).toHaveLength(0);
    const heights = [...container.querySelectorAll<HTMLElement>('[data-phase] > span')].map(
      (bar) => bar.style.height,
    );
    expect(heights).toHaveLength(24);
    expect(heights.every((height) => /^\d+%$/.test(height))).toBe(true);
  });
});

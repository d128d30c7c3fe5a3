import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { stubWebAnimations } from '@/testing/web-animations';
import { HeroSection } from './hero-section';

const renderHero = () =>
  render(
    <MemoryRouter>
      <HeroSection />
    </MemoryRouter>,
  );

describe('HeroSection', () => {
  it('drifts its three waves sideways at their own pace, the middle one against the others', () => {
    const browser = stubWebAnimations({ reducedMotion: false });
    const { container } = renderHero();

    expect(browser.running().map(({ element }) => element)).toEqual([
      ...container.querySelectorAll('#hero > [aria-hidden] > svg'),
    ]);
    expect(browser.started.map(({ options }) => [options.duration, options.direction])).toEqual([
      [12_000, undefined],
      [16_000, 'reverse'],
      [9_000, undefined],
    ]);
    for (const { keyframes, options } of browser.started) {
      expect(options.iterations).toBe(Infinity);
      expect(keyframes.map((keyframe) => keyframe.transform)).toEqual([
        'translateX(0)',
        'translateX(-25%)',
        'translateX(0)',
      ]);
    }
  });

  it('keeps its waves still under prefers-reduced-motion', () => {
    const browser = stubWebAnimations({ reducedMotion: true });
    renderHero();
    expect(browser.started).toHaveLength(0);
  });
});

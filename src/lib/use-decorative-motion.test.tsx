import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubWebAnimations } from '@/testing/web-animations';
import { useDecorativeMotion } from './use-decorative-motion';

const spin = (element: HTMLElement) => [
  element.animate([{ rotate: '0deg' }, { rotate: '360deg' }], { duration: 1000 }),
];

function Spinner() {
  const element = useRef<HTMLDivElement>(null);
  useDecorativeMotion(element, spin);
  return <div ref={element} data-testid="spinner" />;
}

afterEach(() => vi.unstubAllGlobals());

describe('useDecorativeMotion', () => {
  it('starts the animations on the element once it is on the page', () => {
    const browser = stubWebAnimations({ reducedMotion: false });
    const { getByTestId } = render(<Spinner />);
    expect(browser.running().map(({ element }) => element)).toEqual([getByTestId('spinner')]);
  });

  it('keeps still under prefers-reduced-motion, and follows the setting as it changes', () => {
    const browser = stubWebAnimations({ reducedMotion: true });
    render(<Spinner />);
    expect(browser.started).toHaveLength(0);

    browser.setReducedMotion(false);
    expect(browser.running()).toHaveLength(1);

    browser.setReducedMotion(true);
    expect(browser.running()).toHaveLength(0);
  });

  it('stops its animations and its listener when the element leaves the page', () => {
    const browser = stubWebAnimations({ reducedMotion: false });
    const { unmount } = render(<Spinner />);
    expect(browser.running()).toHaveLength(1);
    expect(browser.listeners.size).toBe(1);

    unmount();
    expect(browser.running()).toHaveLength(0);
    expect(browser.listeners.size).toBe(0);
  });

  it('keeps still, without an error, in a browser without the Web Animations API', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const { getByTestId } = render(<Spinner />);
    expect(getByTestId('spinner')).toBeInTheDocument();
    expect('animate' in getByTestId('spinner')).toBe(false);
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FadeInSection } from './fade-in-section';

type Report = (entries: Partial<IntersectionObserverEntry>[]) => void;

/** An IntersectionObserver the test drives: `report` plays what the browser would see. */
function controllableObserver() {
  let callback: Report = () => {};
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: Report) {
        callback = cb;
      }
      observe() {}
      unobserve() {}
      disconnect = disconnect;
      takeRecords() {
        return [];
      }
    },
  );
  return {
    report: (isIntersecting: boolean, intersectionRatio = isIntersecting ? 1 : 0) =>
      act(() => callback([{ isIntersecting, intersectionRatio }])),
    disconnect,
  };
}

function renderSection() {
  render(
    <FadeInSection id="demo" labelledBy="demo-title">
      <h2 id="demo-title">Demo</h2>
    </FadeInSection>,
  );
  const section = screen.getByRole('region', { name: 'Demo' });
  return { section, wrapper: section.firstElementChild as HTMLElement };
}

afterEach(() => vi.unstubAllGlobals());

describe('FadeInSection', () => {
  it('first renders as the prerendered page has it: nothing hidden', () => {
    controllableObserver();
    const { section, wrapper } = renderSection();
    expect(section).toHaveAttribute('id', 'demo');
    expect(wrapper).not.toHaveAttribute('data-fade');
  });

  it('waits hidden while out of view, then fades in once', () => {
    const observer = controllableObserver();
    const { section, wrapper } = renderSection();
    observer.report(false);
    expect(wrapper).toHaveAttribute('data-fade', 'waiting');
    // Less than its share visible is still waiting.
    observer.report(true, 0.05);
    expect(wrapper).toHaveAttribute('data-fade', 'waiting');
    observer.report(true, 0.2);
    expect(wrapper).toHaveAttribute('data-fade', 'shown');
    expect(observer.disconnect).toHaveBeenCalled();
    // The section itself never moves, so in-page links land where they aim.
    expect(section.style.transform).toBe('');
  });

  it('never hides a section that is on screen from the start', () => {
    const observer = controllableObserver();
    const { wrapper } = renderSection();
    observer.report(true);
    expect(wrapper).not.toHaveAttribute('data-fade');
    expect(screen.getByRole('heading', { name: 'Demo' })).toBeVisible();
  });
});

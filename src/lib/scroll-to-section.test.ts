import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToSection } from './scroll-to-section';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce, media: query }) as MediaQueryList),
  );
}

describe('scrollToSection', () => {
  let section: HTMLElement;

  beforeEach(() => {
    section = document.createElement('section');
    section.id = 'code';
    section.tabIndex = -1;
    document.body.append(section);
    section.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    window.scrollY = 1000;
    window.scrollTo = vi.fn() as typeof window.scrollTo;
  });

  afterEach(() => {
    section.remove();
    window.scrollY = 0;
    vi.unstubAllGlobals();
  });

  it('scrolls smoothly to 80 px above the section and moves focus there', () => {
    stubReducedMotion(false);
    expect(scrollToSection('code')).toBe(true);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 1420, behavior: 'smooth' });
    expect(section).toHaveFocus();
  });

  it('jumps instantly under prefers-reduced-motion', () => {
    stubReducedMotion(true);
    scrollToSection('code');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 1420, behavior: 'instant' });
  });

  it('reports a missing section without scrolling', () => {
    stubReducedMotion(false);
    expect(scrollToSection('nowhere')).toBe(false);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});

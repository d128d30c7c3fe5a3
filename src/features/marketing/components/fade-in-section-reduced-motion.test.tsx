import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/components/layout/test-utils';
import { FadeInSection } from './fade-in-section';

// A file of its own: framer-motion reads prefers-reduced-motion once per module instance.
afterEach(() => vi.unstubAllGlobals());

describe('FadeInSection under prefers-reduced-motion', () => {
  it('renders without any motion under prefers-reduced-motion', () => {
    stubBrowserApis({ reducedMotion: true });
    render(
      <FadeInSection id="demo" labelledBy="demo-title">
        <h2 id="demo-title">Demo</h2>
      </FadeInSection>,
    );
    const section = screen.getByRole('region', { name: 'Demo' });
    expect(section.firstElementChild?.tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Demo' })).toBeVisible();
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/components/layout/test-utils';
import { FadeInSection } from './fade-in-section';

afterEach(() => vi.unstubAllGlobals());

function renderSection() {
  return render(
    <FadeInSection id="demo" labelledBy="demo-title">
      <h2 id="demo-title">Demo</h2>
    </FadeInSection>,
  );
}

describe('FadeInSection', () => {
  it('starts hidden and offset until it scrolls into view', () => {
    stubBrowserApis();
    renderSection();
    const section = screen.getByRole('region', { name: 'Demo' });
    expect(section).toHaveAttribute('id', 'demo');
    const wrapper = section.firstElementChild as HTMLElement;
    expect(wrapper.style.opacity).toBe('0');
    // The section itself never moves, so in-page links land where they aim.
    expect(section.style.transform).toBe('');
  });
});

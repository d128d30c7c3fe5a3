import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot';

describe('Slot', () => {
  it('renders the child with the classes joined, both handlers run and both refs set', async () => {
    const slotClick = vi.fn();
    const childClick = vi.fn();
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Slot ref={slotRef} className="inline-flex" onClick={slotClick} aria-label="Docs link">
        <a href="/docs" ref={childRef} className="mt-6" onClick={childClick}>
          Docs
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Docs link' });
    expect(link).toHaveAttribute('href', '/docs');
    expect(link).toHaveClass('inline-flex', 'mt-6');
    await userEvent.click(link);
    expect(childClick).toHaveBeenCalledTimes(1);
    expect(slotClick).toHaveBeenCalledTimes(1);
    expect(slotRef.current).toBe(link);
    expect(childRef.current).toBe(link);
  });

  it("lets the child's own props win, and merges styles", () => {
    render(
      <Slot id="from-slot" title="slot" style={{ color: 'red', margin: 0 }}>
        <span title="child" style={{ color: 'blue' }}>
          text
        </span>
      </Slot>,
    );
    const span = screen.getByText('text');
    expect(span).toHaveAttribute('id', 'from-slot');
    expect(span).toHaveAttribute('title', 'child');
    expect(span).toHaveStyle({ color: 'rgb(0, 0, 255)', margin: '0px' });
  });
});

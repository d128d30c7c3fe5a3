import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('RouteErrorBoundary', () => {
  it('shows a way out instead of a blank page, and clears when the visitor moves on', async () => {
    // React reports the error it hands to the boundary on the console.
    vi.mocked(console.error).mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/pricing">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'write to us' })).toHaveAttribute('href', '/contact');
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledOnce();

    rerender(
      <RouteErrorBoundary resetKey="/terms">
        <h1>Terms of Service</h1>
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

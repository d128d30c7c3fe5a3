import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getDashboardMode, modeHeader } from '@/lib/api/dashboard-mode';
import { renderWithProviders } from '@/testing/render';
import { ModeSwitch } from './mode-switch';

// Reset without notifying: the rendered switch is already unmounted or about to be.
afterEach(() => localStorage.removeItem('dialwise.dashboard-mode'));

describe('the Test / Live switch', () => {
  it('starts live, and switching to test marks every call API request of the session', async () => {
    renderWithProviders(<ModeSwitch />);
    expect(screen.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Live key set/)).toBeInTheDocument();
    expect(modeHeader(new Request('https://x.test/task')).headers.get('Dialwise-Mode')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Test' }));
    expect(getDashboardMode()).toBe('test');
    expect(screen.getByRole('button', { name: 'Test' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Test key set \(dw_test_…\)/)).toBeInTheDocument();
    expect(modeHeader(new Request('https://x.test/task')).headers.get('Dialwise-Mode')).toBe(
      'test',
    );
  });
});

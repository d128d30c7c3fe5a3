import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ScrollRestoration } from './scroll-restoration';

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function scrollPageTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('ScrollRestoration', () => {
  it('starts a new page at its top and returns to the position on Back', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <MemoryRouter initialEntries={['/pricing']}>
        <Routes>
          <Route path="/pricing" element={<Link to="/terms">Terms</Link>} />
          <Route path="/terms" element={<BackButton />} />
        </Routes>
        <ScrollRestoration />
      </MemoryRouter>,
    );
    // The first page of a visit keeps where the browser put it.
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => scrollPageTo(640));
    await userEvent.click(screen.getByRole('link', { name: 'Terms' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    act(() => scrollPageTo(0));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    vi.unstubAllGlobals();
  });
});

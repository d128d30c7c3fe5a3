import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
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

const originalScrollIntoView = Element.prototype.scrollIntoView;

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  Element.prototype.scrollIntoView = originalScrollIntoView;
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

  it('scrolls to the section a #hash names, also when the page renders it a moment later', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    function LatePage() {
      const [ready, setReady] = useState(false);
      useEffect(() => void setTimeout(() => setReady(true), 20), []);
      return ready ? <h2 id="data-retention">6. Data retention</h2> : <p>Loading</p>;
    }
    render(
      <MemoryRouter initialEntries={['/privacy#data-retention']}>
        <Routes>
          <Route path="/privacy" element={<LatePage />} />
        </Routes>
        <ScrollRestoration />
      </MemoryRouter>,
    );
    expect(scrollIntoView).not.toHaveBeenCalled();
    await screen.findByRole('heading', { name: '6. Data retention' });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledOnce());
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('data-retention'));
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '@/lib/lazy-component';
import { DeferredUntilNearViewport } from './deferred-until-near-viewport';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <section id="counter">
      <h2>Lower section</h2>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Clicked {count} times
      </button>
      <a href="#pricing">See pricing</a>
    </section>
  );
}

/** What the prerendering browser saved of `<Counter />` inside the box. */
const prerendered = `<div data-deferred="lower" class="contents"><section id="counter"><h2>Lower section</h2><button type="button">Clicked 0 times</button><a href="#pricing">See pricing</a></section></div>`;

/** An IntersectionObserver whose reports the test sends. */
function stubViewport() {
  const reports: Array<(near: boolean) => void> = [];
  class StubObserver {
    constructor(private readonly report: IntersectionObserverCallback) {
      reports.push((near) =>
        this.report(
          [{ isIntersecting: near } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', StubObserver);
  return { near: () => reports.forEach((report) => report(true)) };
}

/** Renders over a prerendered page, as main.tsx does. */
function renderOverPrerenderedPage(load: () => Promise<typeof Counter>) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = prerendered;
  document.body.append(root);
  const Sections = lazyComponent(load);
  render(<DeferredUntilNearViewport name="lower" component={Sections} />, { container: root });
  return { load };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('root')?.remove();
});

describe('DeferredUntilNearViewport', () => {
  it('keeps the prerendered HTML, loading no code, until the visitor nears it', async () => {
    const viewport = stubViewport();
    const { load } = renderOverPrerenderedPage(vi.fn(() => Promise.resolve(Counter)));
    expect(screen.getByRole('button', { name: 'Clicked 0 times' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    await act(async () => viewport.near());
    expect(load).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
  });

  it('passes a click on the prerendered HTML on to the live section once its code is in', async () => {
    stubViewport();
    let resolve!: (component: typeof Counter) => void;
    const load = vi.fn(() => new Promise<typeof Counter>((done) => (resolve = done)));
    renderOverPrerenderedPage(load);

    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
    expect(load).toHaveBeenCalledOnce();
    await act(async () => resolve(Counter));
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Lower section' })).toHaveLength(1);
  });

  it('keeps the prerendered HTML, its links working as plain links, when the code cannot load', async () => {
    stubViewport();
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    renderOverPrerenderedPage(load);
    await userEvent.click(screen.getByRole('link', { name: 'See pricing' }));
    await waitFor(() => expect(window.location.hash).toBe('#pricing'));
    expect(load).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Clicked 0 times' })).toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });

  it('goes live at once, even over prerendered HTML, when its code is already loaded', async () => {
    stubViewport();
    const load = vi.fn(() => Promise.resolve(Counter));
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = prerendered;
    document.body.append(root);
    const Sections = lazyComponent(load);
    await Sections.preload();
    render(<DeferredUntilNearViewport name="lower" component={Sections} />, { container: root });
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
  });

  it('renders the sections at once where there is no prerendered HTML', async () => {
    stubViewport();
    const Sections = lazyComponent(() => Promise.resolve(Counter));
    await Sections.preload();
    render(<DeferredUntilNearViewport name="lower" component={Sections} />);
    expect(screen.getByRole('button', { name: 'Clicked 0 times' })).toBeInTheDocument();
  });
});

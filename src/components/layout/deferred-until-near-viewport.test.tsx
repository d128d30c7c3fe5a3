import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '@/lib/lazy-component';
import { PrerenderContext } from '@/lib/prerender-context';
import { DeferredUntilNearViewport } from './deferred-until-near-viewport';

/** Whether the live sections open with a notice the prerendered HTML did not have. */
let liveNotice = false;

/** The lower sections: a tall first one, then one with a button and a link. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <>
      {liveNotice ? <aside>Offer ends soon</aside> : null}
      <section id="intro">
        <h2>Intro</h2>
      </section>
      <section id="counter">
        <h2>Lower section</h2>
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          Clicked {count} times
        </button>
        <a href="#pricing">See pricing</a>
      </section>
    </>
  );
}

/** What the build's prerender saves of the box: the sections, rendered whole. */
async function prerender(): Promise<string> {
  const Sections = lazyComponent(() => Promise.resolve(Counter));
  await Sections.preload();
  return renderToString(
    <PrerenderContext value={{ title: '', description: '' }}>
      <DeferredUntilNearViewport name="lower" component={Sections} />
    </PrerenderContext>,
  );
}

/** An IntersectionObserver whose reports the test sends: which observed elements came near. */
function stubViewport() {
  const observers = new Set<StubObserver>();
  class StubObserver {
    readonly observed: Element[] = [];
    constructor(private readonly report: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(element: Element) {
      this.observed.push(element);
    }
    disconnect() {
      observers.delete(this);
    }
    nearing(which: (element: Element) => boolean) {
      const entries = this.observed.map(
        (target) => ({ target, isIntersecting: which(target) }) as IntersectionObserverEntry,
      );
      this.report(entries, this as unknown as IntersectionObserver);
    }
  }
  vi.stubGlobal('IntersectionObserver', StubObserver);
  return {
    /** Every observed element comes near. */
    near: () => [...observers].forEach((observer) => observer.nearing(() => true)),
    /** Only the element with this id comes near (the visitor jumped to it). */
    nearOnly: (id: string) =>
      [...observers].forEach((observer) => observer.nearing((element) => element.id === id)),
  };
}

/** Hydrates the prerendered page, as main.tsx does; `load` brings in the sections' code. */
async function hydratePrerenderedPage(load: () => Promise<typeof Counter>, loadFirst = false) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = await prerender();
  document.body.append(root);
  const prerenderedButton = root.querySelector('button');
  const Sections = lazyComponent(load);
  if (loadFirst) await Sections.preload();
  // A hydration mismatch would be a console.error, which fails the test (setup-tests.ts).
  render(<DeferredUntilNearViewport name="lower" component={Sections} />, {
    container: root,
    hydrate: true,
  });
  return { load, prerenderedButton };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('DeferredUntilNearViewport', () => {
  it('keeps the prerendered HTML, loading no code, until the visitor nears it', async () => {
    const viewport = stubViewport();
    const { load, prerenderedButton } = await hydratePrerenderedPage(
      vi.fn(() => Promise.resolve(Counter)),
    );
    expect(screen.getByRole('button', { name: 'Clicked 0 times' })).toBe(prerenderedButton);
    expect(load).not.toHaveBeenCalled();
    // Audits wait for every box to be live (e2e/public-pages.spec.ts).
    const box = () => document.querySelector<HTMLElement>('[data-deferred="lower"]');
    expect(box()).toHaveAttribute('data-stage', 'static');

    await act(async () => viewport.near());
    expect(load).toHaveBeenCalledOnce();
    await waitFor(() => expect(box()).toHaveAttribute('data-stage', 'live'));
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
  });

  it('brings the sections in when the visitor jumps past the first of them (an in-page link, End)', async () => {
    const viewport = stubViewport();
    const { load } = await hydratePrerenderedPage(vi.fn(() => Promise.resolve(Counter)));
    await act(async () => viewport.nearOnly('counter'));
    expect(load).toHaveBeenCalledOnce();
    const box = document.querySelector<HTMLElement>('[data-deferred="lower"]');
    await waitFor(() => expect(box).toHaveAttribute('data-stage', 'live'));
  });

  it('passes a click on the prerendered HTML on to the live section once its code is in', async () => {
    stubViewport();
    let resolve!: (component: typeof Counter) => void;
    const load = vi.fn(() => new Promise<typeof Counter>((done) => (resolve = done)));
    await hydratePrerenderedPage(load);

    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
    expect(load).toHaveBeenCalledOnce();
    await act(async () => resolve(Counter));
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Lower section' })).toHaveLength(1);
  });

  it('never swaps the sections in between a press and its release, so the click is not lost', async () => {
    const viewport = stubViewport();
    let resolve!: (component: typeof Counter) => void;
    const load = vi.fn(() => new Promise<typeof Counter>((done) => (resolve = done)));
    await hydratePrerenderedPage(load);
    const box = () => document.querySelector<HTMLElement>('[data-deferred="lower"]');
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Clicked 0 times' });

    await act(async () => viewport.near());
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    await act(async () => resolve(Counter));
    expect(box()).toHaveAttribute('data-stage', 'static');

    await user.pointer({ keys: '[/MouseLeft]', target: button });
    await waitFor(() => expect(box()).toHaveAttribute('data-stage', 'live'));
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
  });

  it('passes the click on even when the live sections hold an element the HTML did not', async () => {
    stubViewport();
    let resolve!: (component: typeof Counter) => void;
    const load = vi.fn(() => new Promise<typeof Counter>((done) => (resolve = done)));
    await hydratePrerenderedPage(load);

    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
    liveNotice = true;
    try {
      await act(async () => resolve(Counter));
      expect(screen.getByText('Offer ends soon')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
    } finally {
      liveNotice = false;
    }
  });

  it('keeps the prerendered HTML, its links working as plain links, when the code cannot load', async () => {
    stubViewport();
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    await hydratePrerenderedPage(load);
    await userEvent.click(screen.getByRole('link', { name: 'See pricing' }));
    await waitFor(() => expect(window.location.hash).toBe('#pricing'));
    expect(load).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Clicked 0 times' })).toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });

  it('hydrates the sections with the rest of the page when their code is already loaded', async () => {
    stubViewport();
    const { prerenderedButton } = await hydratePrerenderedPage(
      vi.fn(() => Promise.resolve(Counter)),
      true,
    );
    expect(screen.getByRole('button', { name: 'Clicked 0 times' })).toBe(prerenderedButton);
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
  });

  it('renders the sections at once in a render that is not a hydration (a navigation within the app)', async () => {
    stubViewport();
    // The page navigated from may still be on screen, its own box included.
    document.body.insertAdjacentHTML('beforeend', await prerender());
    const Sections = lazyComponent(() => Promise.resolve(Counter));
    await Sections.preload();
    render(<DeferredUntilNearViewport name="lower" component={Sections} />);
    await userEvent.click(screen.getAllByRole('button', { name: 'Clicked 0 times' }).at(-1)!);
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeInTheDocument();
  });
});

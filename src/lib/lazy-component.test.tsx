import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

class CatchError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p>Could not load</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const LazyGreeting = lazyComponent(load);
    await LazyGreeting.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends until its chunk has loaded, loading it once', async () => {
    let resolve!: (component: typeof Greeting) => void;
    const load = vi.fn(() => new Promise<typeof Greeting>((done) => (resolve = done)));
    const LazyGreeting = lazyComponent(load);
    // Rendering that suspends is awaited, as React asks of tests.
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <LazyGreeting name="Grace" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    void LazyGreeting.preload();
    await act(async () => resolve(Greeting));
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the error boundary; only an explicit preload tries again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValueOnce(Greeting);
    const LazyGreeting = lazyComponent(load);
    // React reports the error it hands to the boundary on the console.
    const consoleError = vi.mocked(console.error).mockImplementation(() => {});
    await act(async () => {
      render(
        <CatchError>
          <Suspense fallback={<p>Loading</p>}>
            <LazyGreeting name="Linus" />
          </Suspense>
        </CatchError>,
      );
    });
    expect(screen.getByText('Could not load')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);

    await LazyGreeting.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(<LazyGreeting name="Linus" />);
    expect(screen.getByText('Hello, Linus')).toBeInTheDocument();
  });
});

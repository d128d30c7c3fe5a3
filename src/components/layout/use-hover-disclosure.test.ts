import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHoverDisclosure } from './use-hover-disclosure';

const mouse = { pointerType: 'mouse' };
const touch = { pointerType: 'touch' };

// The skip window is measured with Date.now(), so the fake clock moves it too.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

function setup() {
  const { result } = renderHook(() => useHoverDisclosure());
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { result, wait };
}

describe('the Use Cases dropdown timing', () => {
  it('opens 200 ms into a hover, not before', () => {
    const { result, wait } = setup();
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    wait(199);
    expect(result.current.open).toBe(false);
    wait(1);
    expect(result.current.open).toBe(true);
  });

  it('closes 150 ms after the pointer leaves; coming back in time keeps it open', () => {
    const { result, wait } = setup();
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    wait(200);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    wait(100);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    wait(500);
    expect(result.current.open).toBe(true);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    wait(149);
    expect(result.current.open).toBe(true);
    wait(1);
    expect(result.current.open).toBe(false);
  });

  it('reopens at once within 300 ms of a close, with the delay after that', () => {
    const { result, wait } = setup();
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    wait(200);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    wait(150);
    expect(result.current.open).toBe(false);
    wait(100);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    expect(result.current.open).toBe(true);

    act(() => result.current.hoverProps.onPointerLeave(mouse));
    wait(150 + 300);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    expect(result.current.open).toBe(false);
    wait(200);
    expect(result.current.open).toBe(true);
  });

  it('toggles on click at once; closed by a click, it stays closed until the pointer leaves', () => {
    const { result, wait } = setup();
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.open).toBe(false);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    wait(1_000);
    expect(result.current.open).toBe(false);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    wait(1_000);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    wait(200);
    expect(result.current.open).toBe(true);
  });

  it('never opens on a touch or pen hover', () => {
    const { result, wait } = setup();
    act(() => result.current.hoverProps.onPointerEnter(touch));
    wait(1_000);
    expect(result.current.open).toBe(false);
  });
});

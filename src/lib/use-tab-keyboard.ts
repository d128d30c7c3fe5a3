import { useRef, type KeyboardEvent } from 'react';

/**
 * The tab an arrow, Home or End key moves to in a horizontal tablist (WAI-ARIA tabs pattern;
 * the arrows wrap around), or null for any other key.
 */
export function tabAfterKey(key: string, current: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return current === last ? 0 : current + 1;
    case 'ArrowLeft':
      return current === 0 ? last : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * Keyboard support for a tablist with roving focus: the keys of `tabAfterKey` select a tab and
 * move focus to it. Give each tab `ref={tabRef(index)}` and `onKeyDown={onKeyDown}`.
 */
export function useTabKeyboard(
  count: number,
  activeIndex: number,
  select: (index: number) => void,
) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = tabAfterKey(event.key, activeIndex, count);
    if (next === null) return;
    event.preventDefault();
    select(next);
    tabs.current[next]?.focus();
  }

  const tabRef = (index: number) => (element: HTMLButtonElement | null) => {
    tabs.current[index] = element;
  };

  return { tabRef, onKeyDown };
}

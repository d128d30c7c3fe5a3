import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DROPDOWN_CLOSE_DELAY_MS,
  DROPDOWN_OPEN_DELAY_MS,
  DROPDOWN_SKIP_DELAY_MS,
} from '@/config/constants';

/**
 * A panel that opens on hover or click (timings in src/config/constants.ts): a mouse resting on the item opens it
 * after 200 ms, at once if another panel closed less than 300 ms ago; leaving it closes it after
 * 150 ms, and coming back in time keeps it open. A click toggles at once; a panel closed by a
 * click stays closed until the pointer has left. Touch and pen never open on hover.
 */
export function useHoverDisclosure() {
  const [open, setOpenState] = useState(false);
  const isOpen = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closedAt = useRef(Number.NEGATIVE_INFINITY);
  const closedByClick = useRef(false);

  const cancel = () => clearTimeout(timer.current);
  const setOpen = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    if (isOpen.current && !next) closedAt.current = Date.now();
    isOpen.current = next;
    setOpenState(next);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onPointerEnter = (event: { pointerType: string }) => {
    if (event.pointerType !== 'mouse' || closedByClick.current) return;
    cancel();
    if (open) return;
    const recentlyClosed = Date.now() - closedAt.current < DROPDOWN_SKIP_DELAY_MS;
    if (recentlyClosed) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), DROPDOWN_OPEN_DELAY_MS);
  };

  const onPointerLeave = (event: { pointerType: string }) => {
    if (event.pointerType !== 'mouse') return;
    closedByClick.current = false;
    cancel();
    if (open) timer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  };

  const toggle = () => {
    closedByClick.current = open;
    setOpen(!open);
  };

  return { open, setOpen, toggle, hoverProps: { onPointerEnter, onPointerLeave } };
}

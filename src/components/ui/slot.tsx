import {
  cloneElement,
  isValidElement,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '@/lib/cn';

type Props = Record<string, unknown> & { ref?: Ref<unknown> };

function setRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T }).current = value;
}

/**
 * Renders its only child with the slot's props merged in (Button's `asChild`, e.g. a router
 * Link styled as a button): classes joined, both event handlers run (the child's first), styles
 * merged with the child's winning, both refs set. Other props: the child's win.
 */
export function Slot({
  children,
  ref,
  ...slotProps
}: HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  const childProps = child.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps as Record<string, unknown>)) {
    const childValue = childProps[key];
    if (
      /^on[A-Z]/.test(key) &&
      typeof slotValue === 'function' &&
      typeof childValue === 'function'
    ) {
      merged[key] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    } else if (key === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object | undefined) };
    } else if (key === 'className') {
      merged.className = cn(slotValue as string, childValue as string | undefined);
    }
  }
  if (ref || childProps.ref) {
    merged.ref = (node: HTMLElement | null) => {
      setRef(ref, node);
      setRef(childProps.ref, node);
    };
  }
  return cloneElement(child, merged);
}

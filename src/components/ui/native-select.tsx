import * as React from 'react';
import { cn } from '@/lib/cn';

/** A styled native <select>: keyboard, screen readers and mobile pickers work as browsers make them. */
export const NativeSelect = React.forwardRef<
  HTMLSelectElement,
  React.SelectHTMLAttributes<HTMLSelectElement>
>(({ className, ...props }, ref) => (
  <select
    className={cn(
      'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
      className,
    )}
    ref={ref}
    {...props}
  />
));
NativeSelect.displayName = 'NativeSelect';

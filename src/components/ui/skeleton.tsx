import * as React from 'react';
import { cn } from '@/lib/cn';

export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      aria-hidden
      className={cn('inline-block animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

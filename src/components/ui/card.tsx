import * as React from 'react';
import { cn } from '@/lib/cn';

const cardShadows = { sm: 'shadow-sm', xl: 'shadow-xl' } as const;

export function Card({
  className,
  shadow = 'sm',
  ...props
}: React.HTMLAttributes<HTMLDivElement> & { shadow?: keyof typeof cardShadows }) {
  return (
    <div
      className={cn(
        'rounded-lg border bg-card text-card-foreground',
        cardShadows[shadow],
        className,
      )}
      {...props}
    />
  );
}

/** The card's title block; `row` puts something (a badge, a button) beside the title. */
export function CardHeader({
  className,
  row = false,
  ...props
}: React.HTMLAttributes<HTMLDivElement> & { row?: boolean }) {
  return (
    <div
      className={cn(
        'flex p-6',
        row ? 'flex-row flex-wrap items-start justify-between gap-4' : 'flex-col gap-1.5',
        className,
      )}
      {...props}
    />
  );
}

export function CardTitle({
  className,
  children,
  ...props
}: React.HTMLAttributes<HTMLHeadingElement>) {
  return (
    <h2 className={cn('text-lg font-semibold leading-tight tracking-tight', className)} {...props}>
      {children}
    </h2>
  );
}

export function CardDescription({
  className,
  ...props
}: React.HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The card's body; `standalone` when it has no header above it (padded on every side). */
export function CardContent({
  className,
  standalone = false,
  ...props
}: React.HTMLAttributes<HTMLDivElement> & { standalone?: boolean }) {
  return <div className={cn(standalone ? 'p-6 sm:p-8' : 'p-6 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex items-center p-6 pt-0', className)} {...props} />;
}

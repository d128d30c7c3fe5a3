import { PRODUCT_NAME } from '@/config/constants';
import { cn } from '@/lib/cn';

/** The wordmark: a phone-wave glyph and the product name. Pure SVG, no image request. */
export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden focusable="false">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M7 16h3l2-6 4 12 3-9 2 3h4"
          fill="none"
          className="stroke-primary-foreground"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}

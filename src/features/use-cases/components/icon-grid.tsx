import type { IconItem } from '@/features/use-cases/content/types';
import { cn } from '@/lib/cn';

export function IconGrid({ items, columns = 3 }: { items: IconItem[]; columns?: 2 | 3 }) {
  return (
    <ul
      className={cn(
        'grid gap-6 sm:grid-cols-2',
        columns === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-2',
      )}
    >
      {items.map(({ icon: Icon, title, body }) => (
        <li key={title} className="rounded-lg border bg-card p-6 shadow-sm">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-md bg-accent text-accent-foreground">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{title}</h3>
          <p className="mt-2 text-muted-foreground">{body}</p>
        </li>
      ))}
    </ul>
  );
}

import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Testimonial } from '../data/testimonials';

const MAX_STARS = 5;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { name, role, company, content, stars } = testimonial;
  return (
    <figure className="flex h-full flex-col rounded-2xl border bg-card p-8 shadow-sm">
      <div
        role="img"
        aria-label={`Rated ${stars} out of ${MAX_STARS} stars`}
        className="flex gap-1"
      >
        {Array.from({ length: MAX_STARS }, (_, index) => (
          <Star
            key={index}
            aria-hidden
            className={cn(
              'size-5',
              index < stars ? 'fill-amber-500 text-amber-500' : 'fill-muted text-border',
            )}
          />
        ))}
      </div>
      <blockquote className="mt-6 flex-1 text-lg leading-relaxed text-foreground">
        <p>“{content}”</p>
      </blockquote>
      <figcaption className="mt-8 flex items-center gap-4">
        <span
          aria-hidden
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground"
        >
          {initials(name)}
        </span>
        <span className="grid">
          <span className="font-semibold text-foreground">{name}</span>
          <span className="text-sm text-muted-foreground">
            {role}, {company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

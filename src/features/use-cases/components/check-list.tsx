import { Check } from 'lucide-react';

/** A list of selling points, each behind a green check mark. */
export function CheckList({
  points,
  className,
}: {
  points: readonly string[];
  className?: string;
}) {
  return (
    <ul className={className}>
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success" />
          {point}
        </li>
      ))}
    </ul>
  );
}

import { Clock } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * An honest empty state for a section whose contents arrive with a later release: it says so,
 * and shows no made-up data.
 */
export function ComingSoonCard({
  title,
  description,
  note,
}: {
  title: string;
  description: string;
  note: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-3 rounded-md border border-dashed p-6 text-sm text-muted-foreground">
          <Clock className="size-5 shrink-0" aria-hidden />
          <p>
            <span className="font-medium text-foreground">Coming soon.</span> {note}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

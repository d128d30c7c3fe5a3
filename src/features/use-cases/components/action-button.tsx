import { ArrowRight, FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import type { Action } from '@/features/use-cases/content/types';
import { track } from '@/lib/analytics';

type ActionButtonProps = {
  action: Action;
  /** Where the click came from, for analytics (e.g. 'petcare:hero'). */
  source: string;
  onSample: () => void;
  sampleId?: string;
};

export function ActionButton({ action, source, onSample, sampleId }: ActionButtonProps) {
  const variant = action.variant === 'secondary' ? 'outline' : 'default';

  if (action.kind === 'sample') {
    return (
      <Button
        size="lg"
        variant={variant}
        aria-controls={sampleId}
        onClick={() => {
          track('cta_button_clicked', { source, label: action.label, target: 'sample-call' });
          onSample();
        }}
      >
        <FileText aria-hidden="true" />
        {action.label}
      </Button>
    );
  }

  return (
    <Button asChild size="lg" variant={variant}>
      <Link
        to={action.href}
        onClick={() =>
          track('cta_button_clicked', { source, label: action.label, href: action.href })
        }
      >
        {action.label}
        {variant === 'default' ? <ArrowRight aria-hidden="true" /> : null}
      </Link>
    </Button>
  );
}

/** A row of calls to action (hero, closing call to action). */
export function ActionButtons({
  actions,
  className,
  ...rest
}: Omit<ActionButtonProps, 'action'> & { actions: Action[]; className?: string }) {
  return (
    <div className={cn('mt-8 flex flex-wrap gap-3', className)}>
      {actions.map((action) => (
        <ActionButton key={action.label} action={action} {...rest} />
      ))}
    </div>
  );
}

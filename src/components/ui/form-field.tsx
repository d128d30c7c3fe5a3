import * as React from 'react';
import { Label } from './label';

/**
 * A labelled form control with its error text. Gives the control its id, `aria-invalid` and
 * `aria-describedby`, so every form reads the same to a screen reader.
 */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  children: React.ReactElement<React.HTMLAttributes<HTMLElement> & { id?: string }>;
}) {
  const generatedId = React.useId();
  const id = children.props.id ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {React.cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

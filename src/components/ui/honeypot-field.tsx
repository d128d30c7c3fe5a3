import type { BaseSyntheticEvent } from 'react';

/** The hidden field's name: bots fill every field, people never see this one. */
const HONEYPOT_FIELD = 'website';

/**
 * A field people never see and form bots fill in; the public forms send what it holds and their
 * functions drop a request where it is not empty. Out of sight rather than `hidden`, which some
 * bots skip.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website (leave empty)
        <input name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** What the submitted form's honeypot holds ('' for a person). */
export function honeypotValue(event: BaseSyntheticEvent | undefined): string {
  const form = event?.target;
  if (!(form instanceof HTMLFormElement)) return '';
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}

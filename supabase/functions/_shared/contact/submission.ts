/**
 * The contact form's fields as the contact-request function accepts them: the form's own rules and
 * messages (contract/contact-request.ts), checked again here because the browser is never trusted.
 */
import { CONTACT_REQUEST_LIMITS, contactRequestSchema } from '../contract/contact-request.ts';

export const contactLimits = CONTACT_REQUEST_LIMITS;

export type ContactSubmission = {
  fullName: string;
  email: string;
  companyName: string;
  phoneNumber: string | null;
  role: string;
  message: string;
};

export type FieldErrors = Partial<Record<keyof ContactSubmission, string>>;

const FIELDS = ['fullName', 'email', 'companyName', 'phoneNumber', 'role', 'message'] as const;

/** Checks one submission; returns the trimmed values or a message per field. */
export function parseSubmission(
  body: Record<string, unknown>,
): { ok: true; value: ContactSubmission } | { ok: false; errors: FieldErrors } {
  // A missing or null field is an empty one (the phone number may be left out).
  const fields = Object.fromEntries(
    FIELDS.map((key) => [key, body[key] === undefined || body[key] === null ? '' : body[key]]),
  );
  const parsed = contactRequestSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ContactSubmission;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const value = parsed.data;
  return {
    ok: true,
    value: { ...value, phoneNumber: value.phoneNumber === '' ? null : value.phoneNumber },
  };
}

/**
 * The contact form's fields as the contact-request function accepts them. The limits are the
 * table's check constraints (migration 20251121000500) and the form's schema
 * (src/features/support/api/contact-request-schema.ts); the messages are the form's.
 */
export const contactLimits = {
  fullName: 200,
  email: 320,
  companyName: 200,
  phoneNumber: 40,
  role: 200,
  message: 5000,
} as const;

export type ContactSubmission = {
  fullName: string;
  email: string;
  companyName: string;
  phoneNumber: string | null;
  role: string;
  message: string;
};

export type FieldErrors = Partial<Record<keyof ContactSubmission, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s().-]{7,}$/;

const required: [keyof typeof contactLimits, string, string][] = [
  ['fullName', 'Enter your full name.', 'Keep your name under 200 characters.'],
  ['companyName', 'Enter your company name.', 'Keep the company name under 200 characters.'],
  ['role', 'Enter your job title.', 'Keep the job title under 200 characters.'],
  ['message', 'Tell us how we can help.', 'Keep your message under 5,000 characters.'],
];

/** Checks one submission; returns the trimmed values or a message per field. */
export function parseSubmission(
  body: Record<string, unknown>,
): { ok: true; value: ContactSubmission } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');

  for (const [key, empty, tooLong] of required) {
    const value = text(key);
    if (value === '') errors[key] = empty;
    else if (value.length > contactLimits[key]) errors[key] = tooLong;
  }
  const email = text('email');
  if (email === '') errors.email = 'Enter your email address.';
  else if (email.length > contactLimits.email || !EMAIL_PATTERN.test(email)) {
    errors.email = 'Enter a valid email address.';
  }
  const phone = text('phoneNumber');
  if (phone !== '' && (phone.length > contactLimits.phoneNumber || !PHONE_PATTERN.test(phone))) {
    errors.phoneNumber = 'Enter a valid phone number.';
  }
  for (const key of ['fullName', 'email', 'companyName', 'phoneNumber', 'role', 'message']) {
    const value = body[key];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      errors[key as keyof ContactSubmission] = 'Must be text.';
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      fullName: text('fullName'),
      email,
      companyName: text('companyName'),
      phoneNumber: phone === '' ? null : phone,
      role: text('role'),
      message: text('message'),
    },
  };
}

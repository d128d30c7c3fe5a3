// The 'Contact Enterprise Sales' form's rules: the form checks them as the visitor types and the
// contact-request function checks them again (the browser is never trusted). The limits are the
// contact_requests table's check constraints. Plain TypeScript + zod, imported by both.
import { z } from 'npm:zod@^4.1.0';

export const CONTACT_REQUEST_LIMITS = {
  fullName: 200,
  email: 320,
  companyName: 200,
  phoneNumber: 40,
  role: 200,
  message: 5000,
} as const;

const PHONE_PATTERN = /^\+?[\d\s().-]{7,}$/;
const EMAIL_MESSAGE = 'Enter a valid email address.';
const PHONE_MESSAGE = 'Enter a valid phone number.';

const requiredText = (max: number, emptyMessage: string, tooLongMessage: string) =>
  z.string({ error: 'Must be text.' }).trim().min(1, emptyMessage).max(max, tooLongMessage);

/** The form's fields, their rules and their messages. */
export const contactRequestSchema = z.object({
  fullName: requiredText(
    CONTACT_REQUEST_LIMITS.fullName,
    'Enter your full name.',
    'Keep your name under 200 characters.',
  ),
  email: z
    .string({ error: 'Must be text.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(CONTACT_REQUEST_LIMITS.email, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE)),
  companyName: requiredText(
    CONTACT_REQUEST_LIMITS.companyName,
    'Enter your company name.',
    'Keep the company name under 200 characters.',
  ),
  phoneNumber: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(CONTACT_REQUEST_LIMITS.phoneNumber, PHONE_MESSAGE)
    .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE),
  role: requiredText(
    CONTACT_REQUEST_LIMITS.role,
    'Enter your job title.',
    'Keep the job title under 200 characters.',
  ),
  message: requiredText(
    CONTACT_REQUEST_LIMITS.message,
    'Tell us how we can help.',
    'Keep your message under 5,000 characters.',
  ),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestValues = z.output<typeof contactRequestSchema>;
